"use client";
// The phone task view's header and the row under it. Header: back, title, move, export,
// share and "More" (collaborators, summary style, delete; the desktop's MoreMenu).
// Row: status and meta, then Ask AI and its review quiz, or Start for a task not started.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ExportMenu } from "@/components/exports/ExportMenu";
import type { MoveTarget } from "@/components/folders/MoveDialog";
import { MoveTaskButton } from "@/components/folders/MoveTaskButton";
import { ShareButton } from "@/components/sharing/ShareButton";
import type { AskAiMode } from "@/components/chat/AskAiPanel";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IconEdit, IconLeft, IconPlay, IconTrash, IconUsers } from "@/components/ui/icons";
import { MoreMenu, type MoreMenuItem } from "@/components/ui/MoreMenu";
import { MeetingStatusBadge, StatusBadge } from "@/components/tasks/StatusBadge";
import { TitleEditor } from "@/components/tasks/TitleEditor";
import { errorMessage } from "@/lib/client/api-errors";
import { hasTranscript, tasksApi, type Task, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { formatDuration } from "@/lib/format/time";
import ui from "@/components/ui/ui.module.css";
import styles from "./mobile-task.module.css";

const CollaboratorsDialog = dynamic(() => import("@/components/collab/CollaboratorsDialog").then((m) => m.CollaboratorsDialog), { ssr: false });

export function MobileTaskHeader({ task, view, ready, shared, onBack, onRenamed, onTaskChange, onMove, onDeleted, onOpenStyle }: {
  task: Task | null;
  view: TaskSummary;
  ready: boolean;
  shared: boolean;
  onBack: () => void;
  onRenamed: (s: TaskSummary) => void;
  onTaskChange: (task: Task) => void;
  onMove: (tasks: MoveTarget[]) => void;
  onDeleted: (id: string) => void;
  onOpenStyle: () => void;
}) {
  const t = useTranslations("app");
  const tcollab = useTranslations("collaborators.dialog");
  const [collabOpen, setCollabOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // The desktop's delete, through the same client call, so the phone does whatever the desktop does.
  const remove = async () => {
    try {
      await tasksApi.deleteBatch([view.id]);
      toast.success(t("detail.deleted"));
      onDeleted(view.id);
    } catch (e) {
      toast.error(errorMessage(e, t("detail.deleteFailed")));
      throw e;
    }
  };

  const moreItems: MoreMenuItem[] = [{ key: "collab", label: tcollab("open"), icon: <IconUsers size={14} />, testId: "collaborators-open", onSelect: () => setCollabOpen(true) }];
  if (!shared) {
    moreItems.push({ key: "style", label: t("header.summaryStyle"), icon: <IconEdit size={14} />, testId: "summary-style-open", onSelect: onOpenStyle });
    moreItems.push({ key: "delete", label: t("detail.delete"), icon: <IconTrash size={14} />, danger: true, testId: "task-delete", onSelect: () => setConfirmDelete(true) });
  }

  return (
    <header className={`${styles.bar} ${styles.taskBar}`}>
      <button type="button" className={ui.iconBtn} onClick={onBack} aria-label={t("mobile.back")} data-testid="mobile-back">
        <IconLeft />
      </button>
      <div className={styles.taskTitle}>
        <TitleEditor taskId={view.id} title={view.title} onRenamed={onRenamed} as="h2" readOnly={shared} />
      </div>
      {shared ? null : <MoveTaskButton compact folderName={view.folder?.name ?? null} onClick={() => onMove([{ id: view.id, title: view.title, folderId: view.folder?.id ?? null }])} />}
      {task && (ready || task.summary) ? <ExportMenu task={{ ...task, ...view }} hasTranscript={ready && task.timeline.length > 0} onTaskChange={onTaskChange} /> : null}
      {ready && !shared ? <ShareButton taskId={view.id} analyzed={!!task?.summary} /> : null}
      <MoreMenu label={t("detail.more")} items={moreItems} />
      {collabOpen ? <CollaboratorsDialog taskId={view.id} isOwner={!shared} onClose={() => setCollabOpen(false)} /> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={t("detail.deleteTitle")}
          message={t("detail.deleteMessage", { title: view.title })}
          confirmLabel={t("detail.deleteConfirm")}
          danger
          onConfirm={remove}
          onClose={() => setConfirmDelete(false)}
        />
      ) : null}
    </header>
  );
}

export function MobileTaskStatusRow({ view, askAi, onAskAi, onStarted, shared }: {
  view: TaskSummary;
  askAi: boolean;
  onAskAi: (mode: AskAiMode) => void;
  onStarted: (s: TaskSummary) => void;
  shared: boolean;
}) {
  const t = useTranslations("app");
  const terr = useTranslations("errors");
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      onStarted(await tasksApi.start(view.id));
    } catch (e) {
      toast.error(errorMessage(e, terr("tasks.transcriptionStartFailed")));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className={styles.statusRow}>
      <StatusBadge status={view.status} />
      {view.meetingStatus && view.source === "meeting" ? <MeetingStatusBadge status={view.meetingStatus} /> : null}
      {view.duration && hasTranscript(view.status) ? <span data-testid="task-duration">{formatDuration(view.duration)}</span> : null}
      <span className={styles.spacer} />
      {view.status === "not_started" && !shared ? (
        <button type="button" className={`${ui.btn} ${ui.primary} ${ui.small}`} onClick={() => void start()} disabled={starting} data-testid="task-start">
          {starting ? <span className={ui.spinner} aria-hidden="true" /> : <IconPlay size={14} />}
          {t("detail.start")}
        </button>
      ) : null}
      {askAi ? (
        <>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onAskAi("flashback")} data-testid="mobile-quiz-open">
            {t("mobile.quiz")}
          </button>
          <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={() => onAskAi("chat")} data-testid="ask-ai-open">
            {t("detail.askAi")}
          </button>
        </>
      ) : null}
    </div>
  );
}
