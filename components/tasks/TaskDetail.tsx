"use client";
// One task: title (inline rename), status, error panel, tabs Original text /
// Summary / Mind map, and delete.
import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useFormatter, useTranslations } from "next-intl";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { hasTranscript, isInProgress, tasksApi, type Task, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { formatBytes } from "@/lib/format/bytes";
import { formatDuration } from "@/lib/format/time";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IconLeft, IconPlay, IconTrash, IconUsers } from "@/components/ui/icons";
import { StatusBadge } from "./StatusBadge";
import { TaskErrorPanel } from "./TaskErrorPanel";
import { AnalysisTabBody } from "@/components/analysis/AnalysisTabBody";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import { ChapterList } from "@/components/outline/ChapterList";
import outlineStyles from "@/components/outline/outline.module.css";
import { SharedTaskBanner } from "@/components/collab/SharedTaskBanner";
import { TranslationBar } from "@/components/analysis/TranslationBar";
import { useTranslationView } from "@/components/analysis/useTranslationView";
import { MediaPlayer } from "@/components/transcript/MediaPlayer";
import { hasMedia } from "@/components/transcript/TranscriptWorkspace";
import { useMediaController } from "@/components/transcript/useMediaController";
import { useSeekFromAddress } from "@/components/search/useSeekFromAddress";
import transcriptStyles from "@/components/transcript/transcript.module.css";
import { TaskProgress } from "./TaskProgress";
import { TitleEditor } from "./TitleEditor";
import { ExportMenu } from "@/components/exports/ExportMenu";
import { IconFolderMove } from "@/components/folders/icons";
import { MoreMenu, type MoreMenuItem } from "@/components/ui/MoreMenu";
import { errorMessage } from "@/lib/client/api-errors";
import { useListedTask } from "./useTaskDetail";
import ui from "@/components/ui/ui.module.css";
import styles from "./detail.module.css";
import head from "./detail-head.module.css";

const TranscriptWorkspace = dynamic(() => import("@/components/transcript/TranscriptWorkspace").then((m) => m.TranscriptWorkspace), {
  ssr: false,
  loading: () => <CentredLoader fullScreen={false} />,
});
const AskAiPanel = dynamic(() => import("@/components/chat/AskAiPanel").then((m) => m.AskAiPanel), { ssr: false });
const CollaborativeEditor = dynamic(() => import("@/components/collab/CollaborativeEditor").then((m) => m.CollaborativeEditor), { ssr: false });
const CollaboratorManager = dynamic(() => import("@/components/collab/CollaboratorManager").then((m) => m.CollaboratorManager), { ssr: false });
const CollaboratorsDialog = dynamic(() => import("@/components/collab/CollaboratorsDialog").then((m) => m.CollaboratorsDialog), { ssr: false });
const AnalysisStyleDialog = dynamic(() => import("@/components/analysis/AnalysisStyleDialog").then((m) => m.AnalysisStyleDialog), { ssr: false });
const ShareDialog = dynamic(() => import("@/components/sharing/ShareDialog").then((m) => m.ShareDialog), { ssr: false });

export type DetailTab = "original" | "summary" | "mindmap";

const isDocument = (task: Task) => task.source === "document" || task.source === "text";

export interface TaskDetailProps {
  taskId: string;
  summary: TaskSummary | null;
  onSummaryChange: (s: Partial<TaskSummary> & { id: string }) => void;
  onDeleted: (id: string) => void;
  onBack?: () => void;
  /** Opens the folder move dialog for this task (components/folders). */
  onMove?: (task: { id: string; title: string; folderId: string | null }) => void;
  /** Told once the task turns out to be someone else's, shared with the caller. */
  onShared?: () => void;
}

export function TaskDetail({ taskId, summary, onSummaryChange, onDeleted, onBack, onMove, onShared }: TaskDetailProps) {
  const t = useTranslations("app.detail");
  const terr = useTranslations("errors");
  const tshare = useTranslations("share");
  const tcollab = useTranslations("collaborators.dialog");
  const tfolders = useTranslations("folders");
  const format = useFormatter();
  const { task, error, loading, reload, view, onTaskChange, onSummary } = useListedTask(taskId, summary, onSummaryChange);
  const [tab, setTab] = useState<DetailTab>("original");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [starting, setStarting] = useState(false);
  const [summaryDraft, setSummaryDraft] = useState<string | null>(null);
  const [askOpen, setAskOpen] = useState(false);
  const [coediting, setCoediting] = useState(false);
  const tcoedit = useTranslations("coedit.editor");
  const [styleOpen, setStyleOpen] = useState(false);
  const [collabOpen, setCollabOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const controller = useMediaController();
  useSeekFromAddress(taskId, task !== null, controller.seek);
  const translationView = useTranslationView(taskId, task?.title ?? summary?.title ?? "");

  const start = async () => {
    setStarting(true);
    try {
      onSummary(await tasksApi.start(taskId));
    } catch (e) {
      toast.error(errorMessage(e, terr("tasks.transcriptionStartFailed")));
    } finally {
      setStarting(false);
    }
  };

  const remove = async () => {
    try {
      await tasksApi.deleteBatch([taskId]);
      toast.success(t("deleted"));
      onDeleted(taskId);
    } catch (e) {
      toast.error(errorMessage(e, t("deleteFailed")));
      throw e;
    }
  };

  // Told once per task (a later change of the callback, e.g. the list switched back by hand, does not repeat it).
  const sharedTold = useRef(onShared);
  const sharedRole = (task?.access ?? view?.access)?.role === "collaborator";
  useEffect(() => {
    if (sharedRole) sharedTold.current?.();
  }, [sharedRole]);

  if (!view) {
    if (error) {
      return (
        <div className={styles.detailEmpty} data-testid="task-detail-error">
          <div className={ui.alert} role="alert">
            {errorMessage(error, terr("tasks.notFound"))}
          </div>
          <button type="button" className={ui.btn} onClick={() => void reload()}>
            {t("retry")}
          </button>
          {onBack ? (
            <button type="button" className={`${ui.btn} ${ui.ghost}`} onClick={onBack}>
              {t("back")}
            </button>
          ) : null}
        </div>
      );
    }
    return <CentredLoader fullScreen={false} />;
  }

  // While a finished translation is chosen, the transcript shows its lines (read-only).
  const translated = translationView.completed?.timeline ?? null;
  const shownTask = task && translated ? { ...task, timeline: translated } : task!;
  // Times in the summary jump the player there, from whichever tab.
  const seekFromText = task && hasMedia(task) ? (ms: number) => controller.seek(ms, true) : undefined;

  const created = new Date(view.createTime);
  // A collaborator reads (and co-edits); renaming, deleting, sharing, moving and Ask AI stay the owner's.
  const access = task?.access ?? view.access;
  const shared = access?.role === "collaborator";
  // Less frequent actions go in the "More" menu so the title keeps its room.
  const moreItems: MoreMenuItem[] = [
    { key: "collab", label: tcollab("open"), icon: <IconUsers size={14} />, testId: "collaborators-open", onSelect: () => setCollabOpen(true) },
  ];
  if (onMove && !shared) {
    const folderName = view.folder?.name;
    const moveTitle = folderName ? `${tfolders("move.buttonTitle")} (${tfolders("move.inFolder", { name: folderName })})` : tfolders("move.buttonTitle");
    moreItems.push({ key: "move", label: tfolders("move.buttonTitle"), title: moveTitle, icon: <IconFolderMove size={14} />, testId: "task-move", onSelect: () => onMove({ id: view.id, title: view.title, folderId: view.folder?.id ?? null }) });
  }
  if (!shared) moreItems.push({ key: "delete", label: t("delete"), icon: <IconTrash size={14} />, danger: true, testId: "task-delete", onSelect: () => setConfirmDelete(true) });
  const tabs: { id: DetailTab; label: string }[] = [
    { id: "original", label: t("tabs.original") },
    { id: "summary", label: t("tabs.summary") },
    { id: "mindmap", label: t("tabs.mindmap") },
  ];

  return (
    <article className={styles.detail} data-testid="task-detail" data-task-id={view.id} data-status={view.status}>
      <header className={styles.detailHead}>
        {onBack ? (
          <button type="button" className={`${ui.iconBtn} ${styles.backBtn}`} onClick={onBack} aria-label={t("back")} data-testid="task-detail-back">
            <IconLeft />
          </button>
        ) : null}
        <div className={styles.detailTitleBox}>
          <TitleEditor taskId={view.id} title={view.title} onRenamed={onSummary} readOnly={shared} />
          <div className={styles.detailMeta}>
            <StatusBadge status={view.status} />
            <span>{format.dateTime(created, { dateStyle: "medium", timeStyle: "short" })}</span>
            {view.duration ? <span data-testid="task-duration">{t("duration", { duration: formatDuration(view.duration) })}</span> : null}
            {view.fileSize ? <span>{formatBytes(view.fileSize)}</span> : null}
            {view.mediaKind ? <span>{t(`kind.${view.mediaKind}`)}</span> : null}
            {view.source === "merge" ? <span>{t("merged")}</span> : null}
          </div>
        </div>
        {/* Beside the title while both fit; below it otherwise, so the title keeps its room. */}
        <div className={head.actions}>
          {task && hasTranscript(view.status) && !shared ? (
            <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={() => setAskOpen(true)} data-testid="ask-ai-open">
              {t("askAi")}
            </button>
          ) : null}
          {hasTranscript(view.status) && !shared ? (
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setShareOpen(true)} data-testid="share-open-dialog">
              {tshare("button")}
            </button>
          ) : null}
          {task && hasTranscript(view.status) && task.timeline.length > 0 ? (
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setCoediting(true)} data-testid="coedit-enter">
              {tcoedit("enter")}
            </button>
          ) : null}
          {task && (hasTranscript(view.status) || task.summary) ? <ExportMenu task={{ ...task, ...view }} hasTranscript={hasTranscript(view.status) && task.timeline.length > 0} onTaskChange={onTaskChange} /> : null}
          <MoreMenu label={t("more")} items={moreItems} />
        </div>
      </header>
      {shared ? <SharedTaskBanner ownerName={access?.ownerName ?? null} /> : null}

      {isInProgress(view.status) ? (
        <div className={styles.statusCard}>
          {view.meetingStatus && view.source === "meeting" ? (
            <p className={styles.meetingLine} data-testid="task-meeting-card" data-meeting-status={view.meetingStatus}>
              {t(`meeting.${view.meetingStatus}`)}
            </p>
          ) : null}
          <TaskProgress task={view} />
        </div>
      ) : null}
      {view.status === "failed" ? <TaskErrorPanel taskId={view.id} details={view.errorDetails} onRetried={onSummary} /> : null}
      {view.status === "not_started" && !shared ? (
        <div className={`${styles.statusCard} ${styles.notStarted}`} data-testid="task-not-started">
          <span>{t("notStarted")}</span>
          <button type="button" className={`${ui.btn} ${ui.primary} ${ui.small}`} onClick={() => void start()} disabled={starting} data-testid="task-start">
            {starting ? <span className={ui.spinner} aria-hidden="true" /> : <IconPlay size={14} />}
            {t("start")}
          </button>
        </div>
      ) : null}

      {task && hasTranscript(view.status) && hasMedia(task) ? (
        <div className={transcriptStyles.playerBar}>
          <MediaPlayer taskId={task.id} kind={task.mediaKind} controller={controller} />
        </div>
      ) : null}
      {task && hasTranscript(view.status) && !shared ? <TranslationBar view={translationView} /> : null}

      <div className={styles.tabs} role="tablist" aria-label={t("tabs.label")}>
        {tabs.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            id={`tab-${view.id}-${x.id}`}
            aria-selected={tab === x.id}
            aria-controls={`panel-${view.id}-${x.id}`}
            tabIndex={tab === x.id ? 0 : -1}
            className={`${styles.tab} ${tab === x.id ? styles.tabActive : ""}`}
            onClick={() => setTab(x.id)}
            onKeyDown={(e) => {
              if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
              const i = tabs.findIndex((y) => y.id === tab);
              const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
              setTab(next.id);
              document.getElementById(`tab-${view.id}-${next.id}`)?.focus();
            }}
            data-testid={`tab-${x.id}`}
          >
            {x.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${view.id}-${tab}`} aria-labelledby={`tab-${view.id}-${tab}`} className={styles.tabPanel} data-testid={`tab-panel-${tab}`}>
        {tab === "original" ? (
          task && hasTranscript(view.status) ? (
            isDocument(task) ? (
              // Documents and pasted text keep their headings, paragraphs and lists.
              <>
                {task.outline?.chapters.length ? <ChapterList chapters={task.outline.chapters} collapsible /> : null}
                <MarkdownView markdown={shownTask.timeline.map((e) => e.text).join("\n\n")} className={styles.documentText} testId="document-text" />
              </>
            ) : (
              <div className={outlineStyles.withChapters}>
                {task.outline?.chapters.length ? (
                  <div className={outlineStyles.side}>
                    <ChapterList chapters={task.outline.chapters} onSeek={seekFromText} />
                  </div>
                ) : null}
                <div className={outlineStyles.main}>
                  <TranscriptWorkspace task={shownTask} onTaskChange={onTaskChange} controller={controller} editable={shownTask === task && !shared} owner={!shared} />
                </div>
              </div>
            )
          ) : loading && !task ? (
            <CentredLoader fullScreen={false} />
          ) : isInProgress(view.status) ? (
            <p className={styles.placeholder} data-testid="transcript-pending">
              {t("transcriptPending")}
            </p>
          ) : view.status === "failed" ? (
            <p className={styles.placeholder}>{t("transcriptFailed")}</p>
          ) : view.status === "not_started" ? (
            <p className={styles.placeholder}>{t("transcriptNotStarted")}</p>
          ) : null
        ) : !task ? (
          <CentredLoader fullScreen={false} />
        ) : (
          <AnalysisTabBody
            tab={tab}
            shared={shared}
            task={{ ...task, ...view }}
            onTaskChange={onTaskChange}
            draft={{ text: summaryDraft, set: setSummaryDraft }}
            onSeek={seekFromText}
            onOpenStyle={() => setStyleOpen(true)}
            translatedSummary={translationView.completed?.summary ?? null}
          />
        )}
      </div>

      {coediting && task ? (
        <CollaborativeEditor
          task={task}
          onExit={() => {
            setCoediting(false);
            void reload();
          }}
        />
      ) : null}
      {askOpen && task ? <AskAiPanel task={task} onClose={() => setAskOpen(false)} onSeek={hasMedia(task) ? (ms) => controller.seek(ms, true) : undefined} /> : null}
      {styleOpen ? <AnalysisStyleDialog onClose={() => setStyleOpen(false)} /> : null}
      {collabOpen ? <CollaboratorsDialog taskId={view.id} isOwner={!shared} onClose={() => setCollabOpen(false)} /> : null}
      {shareOpen ? <ShareDialog taskId={view.id} analyzed={!!task?.summary} onClose={() => setShareOpen(false)} renderCollaborators={(p) => <CollaboratorManager {...p} />} /> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={t("deleteTitle")}
          message={t("deleteMessage", { title: view.title })}
          confirmLabel={t("deleteConfirm")}
          danger
          onConfirm={remove}
          onClose={() => setConfirmDelete(false)}
        />
      ) : null}
    </article>
  );
}
