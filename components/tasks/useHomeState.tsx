"use client";
// The app home's state, shared by its two layouts (the desktop's TranscribeHome and the phone's
// components/mobile/MobileHome): the selected task (kept in the address as ?task=), the list
// (own folder view or "Shared with me"), folders, uploads and imports, usage, task notifications
// and what happens after a task is made, moved, deleted or restored. Layouts only arrange it.
import { useCallback, useEffect, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { guardImports, whenCredits } from "@/components/account/AccountDialogs";
import { SharedViewEntry } from "@/components/collab/SharedViewEntry";
import { useSharedTasks } from "@/components/collab/useSharedTasks";
import { movedRows } from "@/components/folders/useFolderDialogs";
import { useHomeFolders } from "@/components/folders/useHomeFolders";
import { useImportDialogs } from "@/components/imports/useImportDialogs";
import { sharedHandled, useSharedIntoHome } from "@/components/pwa/useSharedFiles";
import { useTaskNotifications, type TaskEvent } from "@/components/notify/useTaskNotifications";
import { fileNewTasks } from "@/lib/folders/folders.client";
import { DEFAULT_PAGE_SIZE, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import type { UploadMode } from "@/lib/tasks/upload-rules";
import { RecentlyDeletedDialog, RecentlyDeletedEntry } from "./RecentlyDeleted";
import { useTaskList } from "./useTaskList";
import { errorMessage } from "@/lib/client/api-errors";
import { useUsage } from "@/components/account/useUsage";

const UploadDialog = dynamic(() => import("@/components/upload/UploadDialog").then((m) => m.UploadDialog), { ssr: false });

function readTaskParam(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get("task");
}

function writeTaskParam(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("task", id);
  else url.searchParams.delete("task");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

// A transcription or import that ends corrects or refunds its charge: the minutes used change.
const CHARGE_SETTLED: readonly TaskEvent[] = ["transcriptionCompleted", "transcriptionFailed", "importCompleted", "importFailed"];

export interface HomeStateOptions {
  /** The phone shows the chosen task in place of the list: back to the top on each choice. */
  scrollOnSelect?: boolean;
}

export function useHomeState({ scrollOnSelect = false }: HomeStateOptions = {}) {
  const terr = useTranslations("errors");
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [upload, setUpload] = useState<{ open: boolean; mode: UploadMode; used: boolean }>({ open: false, mode: "audio", used: false });
  const [usageKey, setUsageKey] = useState(0);
  const [deletedOpen, setDeletedOpen] = useState(false);
  // Bumped when tasks move to another folder: the open task reloads its folder.
  const [movedTick, setMovedTick] = useState(0);
  // "Shared with me" (components/collab) replaces the folder views while it is chosen.
  const [sharedView, setSharedView] = useState(false);
  const refreshUsage = useCallback(() => setUsageKey((k) => k + 1), []);

  // The entry switches: pressed again, it goes back to the folder's list.
  const toggleShared = useCallback(() => {
    setSharedView((on) => !on);
    setPage(1);
    setChecked(new Set());
  }, []);
  const extraViews = (
    <>
      <SharedViewEntry active={sharedView} onClick={toggleShared} />
      <RecentlyDeletedEntry onClick={() => setDeletedOpen(true)} />
    </>
  );
  const folders = useHomeFolders({
    onViewChange: useCallback(() => {
      setSharedView(false);
      setPage(1);
      setChecked(new Set());
    }, []),
    extraViews,
    extraViewActive: sharedView,
    onChanged: (change) => {
      const { movedIds } = change;
      if (movedIds) setChecked((cur) => new Set([...cur].filter((id) => !movedIds.includes(id))));
      for (const row of movedRows(change)) list.patch(row);
      void list.refresh();
      setMovedTick((n) => n + 1);
    },
  });
  const ownList = useTaskList(page, DEFAULT_PAGE_SIZE, folders.filter);
  const sharedList = useSharedTasks(page, sharedView);
  const list = sharedView ? sharedList : ownList;
  const refreshFolderStats = folders.refreshStats;
  const { usage } = useUsage(usageKey);
  const onTaskEvents = useCallback((events: TaskEvent[]) => {
    if (events.some((e) => CHARGE_SETTLED.includes(e))) setUsageKey((k) => k + 1);
  }, []);
  const { watch: watchCreated } = useTaskNotifications(list.data?.items, onTaskEvents);

  useEffect(() => {
    setSelectedId(readTaskParam());
  }, []);

  const select = useCallback(
    (id: string | null) => {
      setSelectedId(id);
      writeTaskParam(id);
      if (scrollOnSelect) window.scrollTo(0, 0);
    },
    [scrollOnSelect],
  );

  // A shared task opened from a link is listed under "Shared with me", not beside an empty own list.
  const showSharedList = useCallback(() => {
    if (sharedView) return;
    setSharedView(true);
    setPage(1);
  }, [sharedView]);

  const summary = useMemo(() => list.data?.items.find((i) => i.id === selectedId) ?? null, [list.data, selectedId]);

  // Out of minutes: uploads and imports open the out-of-credits dialog (components/account) instead.
  const openUpload = useMemo(() => whenCredits(usage, (mode: UploadMode) => setUpload({ open: true, mode, used: true })), [usage]);

  const folderView = folders.view;
  const onCreated = useCallback(
    async (tasks: TaskSummary[]) => {
      watchCreated(tasks);
      setUsageKey((k) => k + 1);
      // Made while a folder is shown (not "Shared with me"): filed there before the list reloads.
      if (!sharedView) await fileNewTasks(folderView, tasks.map((x) => x.id)).catch((e: unknown) => toast.error(errorMessage(e, terr("folders.moveFailed"))));
      void refreshFolderStats();
      // A new upload is the user's own: leave "Shared with me" to show it.
      setSharedView(false);
      if (page !== 1) setPage(1);
      else void ownList.refresh();
      if (tasks[0]) select(tasks[0].id);
    },
    [page, ownList, select, watchCreated, refreshFolderStats, sharedView, folderView, terr],
  );
  // A task made from shared files (or anything else) means they were dealt with.
  const imports = useImportDialogs(useCallback((tasks: Parameters<typeof onCreated>[0]) => {
    sharedHandled();
    return onCreated(tasks);
  }, [onCreated]));
  // Files shared into the installed app, and its "Upload" shortcut (docs/devices.md "Share into the app").
  const sharedMedia = useSharedIntoHome(() => openUpload("audio"), imports.openDocuments);
  const importHandlers = guardImports(usage, imports.handlers);

  const onCheck = useCallback((ids: string[], on: boolean) => {
    setChecked((cur) => {
      const next = new Set(cur);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const afterDelete = useCallback(
    (ids: string[]) => {
      list.remove(ids);
      setChecked((cur) => new Set([...cur].filter((id) => !ids.includes(id))));
      if (selectedId && ids.includes(selectedId)) select(null);
      setUsageKey((k) => k + 1);
      void list.refresh();
      void refreshFolderStats();
    },
    [list, selectedId, select, refreshFolderStats],
  );

  const changePage = useCallback((p: number) => {
    setPage(p);
    setChecked(new Set());
  }, []);

  // The dialogs both layouts host: upload, imports, folders, recently deleted.
  const dialogs = (
    <>
      {upload.used ? <UploadDialog
          open={upload.open}
          mode={upload.mode}
          onClose={() => {
            sharedHandled();
            setUpload((u) => ({ ...u, open: false }));
          }}
          onUploaded={onCreated}
          initialFiles={sharedMedia}
        /> : null}
      {imports.dialogs}
      {folders.dialogs}
      {deletedOpen ? (
        <RecentlyDeletedDialog
          onClose={() => setDeletedOpen(false)}
          onRestored={() => {
            void list.refresh();
            void refreshFolderStats();
          }}
        />
      ) : null}
    </>
  );

  return {
    page,
    changePage,
    selectedId,
    select,
    summary,
    list,
    checked,
    onCheck,
    afterDelete,
    sharedView,
    toggleShared,
    showSharedList,
    folders,
    movedTick,
    usage,
    refreshUsage,
    openUpload,
    importHandlers,
    openDeleted: () => setDeletedOpen(true),
    dialogs,
  };
}

export type HomeState = ReturnType<typeof useHomeState>;
