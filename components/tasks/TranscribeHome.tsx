"use client";
// Home of the app (/transcribe/): header, task list with live status, and the
// selected task's detail. The selected task is kept in the address (?task=).
import { useCallback, useEffect, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { guardImports, whenCredits } from "@/components/account/AccountDialogs";
import { useImportDialogs } from "@/components/imports/useImportDialogs";
import { useSharedIntoHome } from "@/components/pwa/useSharedFiles";
import { HomeRenewalReminder } from "@/components/payments/RenewalReminder";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { useHomeFolders } from "@/components/folders/useHomeFolders";
import { movedRows } from "@/components/folders/useFolderDialogs";
import { SharedEmpty, SharedViewEntry } from "@/components/collab/SharedViewEntry";
import { useSharedTasks } from "@/components/collab/useSharedTasks";
import { fileNewTasks } from "@/lib/client/folders";
import { DEFAULT_PAGE_SIZE, tasksApi, type TaskSummary } from "@/lib/client/tasks";
import { toast } from "@/lib/client/toasts";
import type { UploadMode } from "@/lib/client/upload-rules";
import { ConfirmDialog } from "./ConfirmDialog";
import { RecentlyDeletedDialog, RecentlyDeletedEntry } from "./RecentlyDeleted";
import { HomeHeader } from "./HomeHeader";
import { NotificationPrompt } from "@/components/notify/NotificationPrompt";
import { useTaskNotifications } from "@/components/notify/useTaskNotifications";
import { TaskList } from "./TaskList";
import { errorMessage, useTaskList } from "./useTaskList";
import { useUsage } from "./useUsage";
import theme from "./theme.module.css";
import styles from "./tasks.module.css";

const TaskDetail = dynamic(() => import("./TaskDetail").then((m) => m.TaskDetail), { ssr: false, loading: () => <CentredLoader fullScreen={false} /> });
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

export function TranscribeHome() {
  const t = useTranslations("app");
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [upload, setUpload] = useState<{ open: boolean; mode: UploadMode; used: boolean }>({ open: false, mode: "audio", used: false });
  const [usageKey, setUsageKey] = useState(0);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [deletedOpen, setDeletedOpen] = useState(false);
  // "Shared with me" (components/collab) replaces the folder views while it is chosen.
  const [sharedView, setSharedView] = useState(false);
  const tshared = useTranslations("collaborators.shared");
  const terr = useTranslations("errors");
  // The entry switches: pressed again, it goes back to the folder's list.
  const showShared = useCallback(() => {
    setSharedView((on) => !on);
    setPage(1);
    setChecked(new Set());
  }, []);
  const folders = useHomeFolders({
    onViewChange: useCallback(() => {
      setSharedView(false);
      setPage(1);
      setChecked(new Set());
    }, []),
    extraViews: (
      <>
        <SharedViewEntry active={sharedView} onClick={showShared} />
        <RecentlyDeletedEntry onClick={() => setDeletedOpen(true)} />
      </>
    ),
    extraViewActive: sharedView,
    onChanged: (change) => {
      const { movedIds } = change;
      if (movedIds) setChecked((cur) => new Set([...cur].filter((id) => !movedIds.includes(id))));
      for (const row of movedRows(change)) list.patch(row);
      void list.refresh();
    },
  });
  const ownList = useTaskList(page, DEFAULT_PAGE_SIZE, folders.filter);
  const sharedList = useSharedTasks(page, sharedView);
  const list = sharedView ? sharedList : ownList;
  const refreshFolderStats = folders.refreshStats;
  const { usage } = useUsage(usageKey);
  const { watch: watchCreated } = useTaskNotifications(list.data?.items);

  useEffect(() => {
    setSelectedId(readTaskParam());
  }, []);

  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    writeTaskParam(id);
  }, []);

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
  const onUploaded = useCallback(
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
  const imports = useImportDialogs(onUploaded);
  const sharedMedia = useSharedIntoHome(() => openUpload("audio"), imports.openDocuments);

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

  const deleteChecked = async () => {
    const ids = [...checked];
    try {
      await tasksApi.deleteBatch(ids);
      toast.success(t("list.deletedMany", { count: ids.length }));
      afterDelete(ids);
    } catch (e) {
      toast.error(errorMessage(e, t("detail.deleteFailed")));
      throw e;
    }
  };

  const changePage = (p: number) => {
    setPage(p);
    setChecked(new Set());
  };

  return (
    <div className={`${theme.theme} ${styles.home}`} data-view={selectedId ? "detail" : "list"} data-testid="transcribe-home">
      <HomeHeader usage={usage} onUpload={openUpload} importHandlers={guardImports(usage, imports.handlers)} onUsageChange={() => setUsageKey((k) => k + 1)} />
      <NotificationPrompt hasTasks={(list.data?.total ?? 0) > 0} />
      <HomeRenewalReminder />
      <main className={`${styles.main} ${folders.mainClass}`}>
        {folders.sidebar}
        <TaskList
          data={list.data}
          loading={list.loading}
          error={list.error}
          selectedId={selectedId}
          onSelect={select}
          page={page}
          onPage={changePage}
          checked={checked}
          onCheck={onCheck}
          onDeleteChecked={() => setBulkConfirm(true)}
          onMoveChecked={() => folders.openMove((list.data?.items ?? []).filter((i) => checked.has(i.id)))}
          onRetryLoad={() => void list.refresh()}
          onUpload={() => openUpload("audio")}
          selectable={!sharedView}
          emptyState={sharedView ? <SharedEmpty /> : undefined}
          title={sharedView ? tshared("shared") : undefined}
        />
        <section className={styles.detailPane} aria-label={t("detail.label")}>
          {selectedId ? (
            <TaskDetail key={selectedId} taskId={selectedId} summary={summary} onSummaryChange={list.patch} onDeleted={(id) => afterDelete([id])} onBack={() => select(null)} onMove={(task) => folders.openMove([summary ?? task])} onShared={showSharedList} />
          ) : (
            <div className={styles.detailEmpty} data-testid="task-detail-empty">
              <p className={styles.detailEmptyTitle}>{t("detail.noneSelected")}</p>
              <p className={styles.detailEmptyHint}>{t("detail.noneSelectedHint")}</p>
            </div>
          )}
        </section>
      </main>
      {upload.used ? <UploadDialog open={upload.open} mode={upload.mode} onClose={() => setUpload((u) => ({ ...u, open: false }))} onUploaded={onUploaded} initialFiles={sharedMedia} /> : null}
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
      {bulkConfirm ? (
        <ConfirmDialog
          title={t("list.deleteManyTitle", { count: checked.size })}
          message={t("list.deleteManyMessage", { count: checked.size })}
          confirmLabel={t("detail.deleteConfirm")}
          danger
          onConfirm={deleteChecked}
          onClose={() => setBulkConfirm(false)}
        />
      ) : null}
    </div>
  );
}
