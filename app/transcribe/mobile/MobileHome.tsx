"use client";
// Mobile home: a simple task list to choose from; the chosen task opens in the
// phone's task view (components/mobile/MobileTaskView), built from the desktop components.
import { useCallback, useEffect, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Brand } from "@/components/shell/Brand";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { useImportDialogs } from "@/components/imports/useImportDialogs";
import { FolderPicker } from "@/components/folders/FolderPicker";
import { SharedBy } from "@/components/collab/SharedBy";
import { SharedEmpty, SharedViewEntry } from "@/components/collab/SharedViewEntry";
import { RecentlyDeletedDialog, RecentlyDeletedEntry } from "@/components/tasks/RecentlyDeleted";
import { useSharedTasks } from "@/components/collab/useSharedTasks";
import { SearchBox } from "@/components/search/SearchBox";
import { RewardsButton } from "@/components/rewards/RewardsButton";
import { AccountDialogs, guardImports, whenCredits } from "@/components/account/AccountDialogs";
import { UserButton } from "@/components/account/UserButton";
import { UpgradeLink } from "@/components/payments/UpgradeLink";
import payments from "@/components/payments/payments.module.css";
import { HomeRenewalReminder } from "@/components/payments/RenewalReminder";
import { useUsage } from "@/components/tasks/useUsage";
import { useFolderStats } from "@/components/folders/useFolderStats";
import { movedRows, useFolderDialogs } from "@/components/folders/useFolderDialogs";
import { AddOptionsMenu } from "@/components/upload/AddOptionsMenu";
import { LiveRecordButton } from "@/components/live/LiveRecordButton";
import { MeetingStatusBadge, StatusBadge } from "@/components/tasks/StatusBadge";
import { TaskProgress } from "@/components/tasks/TaskProgress";
import { IconLeft, IconLogout, IconRight } from "@/components/tasks/icons";
import { errorMessage, useTaskList } from "@/components/tasks/useTaskList";
import { useAuth } from "@/lib/client/auth";
import { fileNewTasks, folderFilter, type FolderView } from "@/lib/client/folders";
import { toast } from "@/lib/client/toasts";
import { DEFAULT_PAGE_SIZE, isInProgress, type TaskSummary } from "@/lib/client/tasks";
import { formatDuration } from "@/lib/format/time";
import type { UploadMode } from "@/lib/client/upload-rules";
import { chooseDesktopView, chooseMobileView } from "@/lib/client/view-preference";
import { MobileTaskView } from "@/components/mobile/MobileTaskView";
import theme from "@/components/tasks/theme.module.css";
import ui from "@/components/tasks/ui.module.css";
import styles from "./mobile.module.css";

const UploadDialog = dynamic(() => import("@/components/upload/UploadDialog").then((m) => m.UploadDialog), { ssr: false });

function setTaskParam(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("task", id);
  else url.searchParams.delete("task");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

export function MobileHome() {
  const t = useTranslations("app");
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ open: boolean; mode: UploadMode; used: boolean }>({ open: false, mode: "audio", used: false });
  const [folderView, setFolderView] = useState<FolderView>("all");
  const folderStats = useFolderStats();
  const ownList = useTaskList(page, DEFAULT_PAGE_SIZE, folderFilter(folderView));
  // "Shared with me" (components/collab) replaces the folder's list while it is on.
  const [sharedView, setSharedView] = useState(false);
  const [deletedOpen, setDeletedOpen] = useState(false);
  const sharedList = useSharedTasks(page, sharedView);
  const list = sharedView ? sharedList : ownList;
  const { logout } = useAuth();

  useEffect(() => {
    setSelectedId(new URLSearchParams(window.location.search).get("task"));
    // Coming here (from the desktop's link or by address) undoes an earlier choice of the desktop view.
    chooseMobileView();
  }, []);
  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    setTaskParam(id);
    window.scrollTo(0, 0);
  }, []);
  const summary = useMemo(() => list.data?.items.find((i) => i.id === selectedId) ?? null, [list.data, selectedId]);
  const { refresh } = ownList;
  const { refresh: refreshFolderStats } = folderStats;
  const terr = useTranslations("errors");
  // New tasks from an upload or an import: filed in the folder shown (not "Shared with me"),
  // then back to the first page and open the first one.
  const onCreated = useCallback(
    async (tasks: TaskSummary[]) => {
      if (!sharedView) await fileNewTasks(folderView, tasks.map((x) => x.id)).catch((e: unknown) => toast.error(errorMessage(e, terr("folders.moveFailed"))));
      setPage(1);
      setSharedView(false);
      void refresh();
      void refreshFolderStats();
      if (tasks[0]) select(tasks[0].id);
    },
    [refresh, refreshFolderStats, select, sharedView, folderView, terr],
  );
  const imports = useImportDialogs(onCreated);
  // Out of minutes: uploads and imports open the out-of-credits dialog instead.
  const { usage } = useUsage(list.data?.total);
  const importHandlers = guardImports(usage, imports.handlers);
  // Moving the open task to a folder (its header's folder button): the list, the counts and the task reload.
  const [movedTick, setMovedTick] = useState(0);
  const folderDialogs = useFolderDialogs({
    stats: folderStats.stats,
    refreshStats: refreshFolderStats,
    onChanged: (change) => {
      for (const row of movedRows(change)) list.patch(row);
      void refresh();
      setMovedTick((n) => n + 1);
    },
  });

  return (
    <div className={`${theme.theme} ${styles.root}`} data-testid="mobile-home">
      {selectedId ? (
        <MobileTaskView
          key={selectedId}
          taskId={selectedId}
          summary={summary}
          onBack={() => select(null)}
          onSummaryChange={list.patch}
          onMove={folderDialogs.openMove}
          onDeleted={() => {
            select(null);
            void refresh();
            void refreshFolderStats();
          }}
          movedTick={movedTick}
        />
      ) : (
        <>
          <header className={`${styles.bar} ${payments.upgradeBar}`}>
            <Brand className={styles.brand} />
            <span className={styles.spacer} />
            <UpgradeLink />
            <LanguageSwitcher className={styles.lang} />
            <RewardsButton />
            <UserButton nameClassName="visually-hidden" />
            <button type="button" className={ui.iconBtn} onClick={() => void logout()} aria-label={t("header.logout")} title={t("header.logout")} data-testid="logout-button">
              <IconLogout size={18} />
            </button>
            <AddOptionsMenu compact onUpload={whenCredits(usage, (mode) => setUpload({ open: true, mode, used: true }))} {...importHandlers} />
          </header>
          <HomeRenewalReminder />
          {importHandlers.onRecord ? <LiveRecordButton onClick={importHandlers.onRecord} /> : null}
          <SearchBox row />
          <FolderPicker
            stats={folderStats.stats}
            view={folderView}
            onView={(view) => {
              setFolderView(view);
              setSharedView(false);
              setPage(1);
            }}
          />
          <div className={styles.pad}>
            <SharedViewEntry
              active={sharedView}
              onClick={() => {
                setSharedView((on) => !on);
                setPage(1);
              }}
            />
            <RecentlyDeletedEntry onClick={() => setDeletedOpen(true)} />
          </div>
          {sharedView && list.data?.total === 0 ? (
            <SharedEmpty />
          ) : (
            <MobileTaskList data={list.data?.items ?? null} loading={list.loading} total={list.data?.total ?? 0} pageSize={list.data?.page_size ?? 10} page={page} onPage={setPage} onSelect={select} />
          )}
          <p className={styles.footerLink}>
            <Link href="/transcribe/" onClick={chooseDesktopView} data-testid="mobile-desktop-link">
              {t("mobile.desktopView")}
            </Link>
          </p>
        </>
      )}
      {upload.used ? (
        <UploadDialog open={upload.open} mode={upload.mode} onClose={() => setUpload((u) => ({ ...u, open: false }))} onUploaded={onCreated} />
      ) : null}
      {imports.dialogs}
      {folderDialogs.dialogs}
      {deletedOpen ? (
        <RecentlyDeletedDialog
          onClose={() => setDeletedOpen(false)}
          onRestored={() => {
            void list.refresh();
            void refreshFolderStats();
          }}
        />
      ) : null}
      <AccountDialogs usage={usage} />
    </div>
  );
}

function MobileTaskList({ data, loading, total, pageSize, page, onPage, onSelect }: {
  data: TaskSummary[] | null;
  loading: boolean;
  total: number;
  pageSize: number;
  page: number;
  onPage: (p: number) => void;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations("app.list");
  const format = useFormatter();
  if (loading && !data) return <CentredLoader fullScreen={false} />;
  if (!data || data.length === 0) {
    return (
      <p className={styles.empty} data-testid="task-list-empty">
        {t("empty")}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <ul className={styles.list} data-testid="task-list">
        {data.map((task) => (
          <li key={task.id} data-testid="task-item" data-task-id={task.id} data-status={task.status}>
            <button type="button" className={styles.item} onClick={() => onSelect(task.id)} data-testid="task-open">
              <span className={styles.itemTitle} data-testid="task-item-title">
                {task.title}
              </span>
              <span className={styles.itemMeta}>
                <StatusBadge status={task.status} />
                {task.meetingStatus ? <MeetingStatusBadge status={task.meetingStatus} /> : null}
                <span>{format.dateTime(new Date(task.createTime), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}</span>
                {task.duration ? <span data-testid="task-item-duration">{formatDuration(task.duration)}</span> : null}
                {task.access?.ownerName ? <SharedBy name={task.access.ownerName} /> : null}
              </span>
              {isInProgress(task.status) ? <TaskProgress task={task} compact /> : null}
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t("paging")}>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={t("prev")} data-testid="task-page-prev">
            <IconLeft size={14} />
          </button>
          <span>{t("pageOf", { page, pages })}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={t("next")} data-testid="task-page-next">
            <IconRight size={14} />
          </button>
        </nav>
      ) : null}
    </>
  );
}
