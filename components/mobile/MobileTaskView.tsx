"use client";
// The phone's task view: everything the desktop task view offers (components/tasks/TaskDetail),
// arranged for a phone. Header: back, title, move, export, share and "More" (collaborators,
// summary style, delete). Below it: status, Ask AI and its review quiz. Tabs: text, summary,
// mind map, translation, speakers, timeline, under the player. Built from the desktop components.
import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { CentredLoader } from "@/components/shell/CentredLoader";
import type { MoveTarget } from "@/components/folders/MoveDialog";
import { AnalysisTabBody } from "@/components/analysis/AnalysisTabBody";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import { ChapterList } from "@/components/outline/ChapterList";
import { useTranslationView } from "@/components/analysis/useTranslationView";
import { SharedTaskBanner } from "@/components/collab/SharedTaskBanner";
import { useSeekFromAddress } from "@/components/search/useSeekFromAddress";
import type { AskAiMode } from "@/components/chat/AskAiPanel";
import { TaskErrorPanel } from "@/components/tasks/TaskErrorPanel";
import { TaskProgress } from "@/components/tasks/TaskProgress";
import { useListedTask } from "@/components/tasks/useTaskDetail";
import { MediaPlayer } from "@/components/transcript/MediaPlayer";
import { hasMedia } from "@/components/transcript/TranscriptWorkspace";
import { SpeakersPanel } from "@/components/transcript/SpeakersPanel";
import { TimelineList } from "@/components/transcript/TimelineList";
import { TranscriptToolbar } from "@/components/transcript/TranscriptToolbar";
import { TranscriptView } from "@/components/transcript/TranscriptView";
import { useMediaController } from "@/components/transcript/useMediaController";
import { useSpeakerRedetect, useSpeakerRename } from "@/components/transcript/useSpeakerRename";
import { IconLeft } from "@/components/ui/icons";
import { hasTranscript, isInProgress, type TaskSummary } from "@/lib/tasks/task.client";
import ui from "@/components/ui/ui.module.css";
import { MobileTaskHeader, MobileTaskStatusRow } from "./MobileTaskHeader";
import { MobileTranslationTab } from "./MobileTranslationTab";
import styles from "./mobile-task.module.css";

const AskAiPanel = dynamic(() => import("@/components/chat/AskAiPanel").then((m) => m.AskAiPanel), { ssr: false });
const CollaborativeEditor = dynamic(() => import("@/components/collab/CollaborativeEditor").then((m) => m.CollaborativeEditor), { ssr: false });
const AnalysisStyleDialog = dynamic(() => import("@/components/analysis/AnalysisStyleDialog").then((m) => m.AnalysisStyleDialog), { ssr: false });

export const MOBILE_TABS = ["text", "summary", "mindmap", "translation", "speakers", "timeline"] as const;
export type MobileTab = (typeof MOBILE_TABS)[number];

export interface MobileTaskViewProps {
  taskId: string;
  summary: TaskSummary | null;
  onBack: () => void;
  onSummaryChange: (s: Partial<TaskSummary> & { id: string }) => void;
  onMove: (tasks: MoveTarget[]) => void;
  onDeleted: (id: string) => void;
  /** Bumped after a move, so the task's own copy (its folder) is reloaded. */
  movedTick: number;
}

export function MobileTaskView({ taskId, summary, onBack, onSummaryChange, onMove, onDeleted, movedTick }: MobileTaskViewProps) {
  const t = useTranslations("app");
  const { task, error, reload, view, onTaskChange, onSummary } = useListedTask(taskId, summary, onSummaryChange);
  // After a move the task may have left the listed page: its own copy says where it is now.
  useEffect(() => {
    if (movedTick > 0) void reload();
  }, [movedTick, reload]);
  const [tab, setTab] = useState<MobileTab>("text");
  const [follow, setFollow] = useState(true);
  const [summaryDraft, setSummaryDraft] = useState<string | null>(null);
  const [askAi, setAskAi] = useState<AskAiMode | null>(null);
  const [styleOpen, setStyleOpen] = useState(false);
  const controller = useMediaController();
  useSeekFromAddress(taskId, task !== null, controller.seek);
  const rename = useSpeakerRename(task, onTaskChange);
  const redetect = useSpeakerRedetect(task, onTaskChange);
  const translationView = useTranslationView(taskId, task?.title ?? summary?.title ?? "");
  const tcoedit = useTranslations("coedit.editor");
  const [coediting, setCoediting] = useState(false);
  // "Only their lines" is chosen on the speakers tab and read on the text tab.
  const [onlySpeaker, setOnlySpeaker] = useState<string | null>(null);
  const chooseOnlySpeaker = (speakerId: string | null) => {
    setOnlySpeaker(speakerId);
    if (speakerId) setTab("text");
  };

  if (!view) {
    return (
      <>
        <header className={styles.bar}>
          <button type="button" className={ui.iconBtn} onClick={onBack} aria-label={t("mobile.back")} data-testid="mobile-back">
            <IconLeft />
          </button>
        </header>
        {error ? (
          <div className={styles.pad}>
            <div className={ui.alert} role="alert">
              {(error as { message?: string }).message || t("list.loadFailed")}
            </div>
            <button type="button" className={`${ui.btn} ${styles.retry}`} onClick={() => void reload()}>
              {t("detail.retry")}
            </button>
          </div>
        ) : (
          <CentredLoader fullScreen={false} />
        )}
      </>
    );
  }

  const ready = task !== null && hasTranscript(view.status);
  // A collaborator reads (and co-edits); renaming, deleting, sharing, moving, translating and Ask AI stay the owner's.
  const access = task?.access ?? view.access;
  const shared = access?.role === "collaborator";
  const seek = task && hasMedia(task) ? (ms: number) => controller.seek(ms, true) : undefined;
  const tabs = MOBILE_TABS.filter((id) => id !== "translation" || (ready && !shared));
  const isDocument = task?.source === "document" || task?.source === "text";

  return (
    <div className={styles.task} data-testid="mobile-task" data-task-id={view.id} data-status={view.status}>
      <MobileTaskHeader task={task} view={view} ready={ready} shared={shared} onBack={onBack} onRenamed={onSummary} onTaskChange={onTaskChange} onMove={onMove} onDeleted={onDeleted} onOpenStyle={() => setStyleOpen(true)} />
      {shared ? <SharedTaskBanner ownerName={access?.ownerName ?? null} /> : null}
      <MobileTaskStatusRow view={view} askAi={ready && !shared} onAskAi={setAskAi} onStarted={onSummary} shared={shared} />

      <div className={styles.sticky}>
        {ready && hasMedia(view) ? <MediaPlayer taskId={view.id} kind={view.mediaKind} controller={controller} compact /> : null}
        <div className={styles.tabs} role="tablist" aria-label={t("mobile.tabsLabel")}>
          {tabs.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={`${styles.tab} ${tab === id ? styles.tabActive : ""}`}
              onClick={() => setTab(id)}
              data-testid={`mobile-tab-${id}`}
            >
              {t(`mobile.tabs.${id}`)}
            </button>
          ))}
        </div>
      </div>

      <div className={styles.panel} role="tabpanel" data-testid={`mobile-panel-${tab}`}>
        {isInProgress(view.status) ? (
          <div className={styles.card}>
            <TaskProgress task={view} />
          </div>
        ) : null}
        {view.status === "failed" ? <TaskErrorPanel taskId={view.id} details={view.errorDetails} onRetried={onSummary} /> : null}
        {(tab === "summary" || tab === "mindmap") && task ? (
          <AnalysisTabBody
            tab={tab}
            shared={shared}
            task={{ ...task, ...view }}
            onTaskChange={onTaskChange}
            draft={{ text: summaryDraft, set: setSummaryDraft }}
            onSeek={seek}
            onOpenStyle={() => setStyleOpen(true)}
            translatedSummary={translationView.completed?.summary ?? null}
          />
        ) : !ready || !task ? (
          isInProgress(view.status) ? <p className={styles.empty}>{t("detail.transcriptPending")}</p> : null
        ) : tab === "text" ? (
          <>
            {task.timeline.length > 0 ? (
              <button type="button" className={`${ui.btn} ${ui.small} ${styles.coeditEnter}`} onClick={() => setCoediting(true)} data-testid="coedit-enter">
                {tcoedit("enter")}
              </button>
            ) : null}
            {isDocument ? (
              // Documents and pasted text keep their headings, paragraphs and lists, as on the desktop.
              <>
                {task.outline?.chapters.length ? <ChapterList chapters={task.outline.chapters} collapsible /> : null}
                <MarkdownView markdown={task.timeline.map((e) => e.text).join("\n\n")} testId="document-text" />
              </>
            ) : (
              <>
                {task.outline?.chapters.length ? <ChapterList chapters={task.outline.chapters} onSeek={seek} collapsible /> : null}
                <TranscriptToolbar task={task} follow={follow} onFollowChange={setFollow} />
                <TranscriptView task={task} controller={controller} follow={follow} onTaskChange={onTaskChange} onRenameSpeaker={shared ? undefined : rename.open} editable={!shared} speakersEditable={!shared} onlySpeaker={onlySpeaker} onShowAll={() => setOnlySpeaker(null)} />
              </>
            )}
          </>
        ) : tab === "translation" ? (
          <MobileTranslationTab task={task} view={translationView} controller={controller} follow={follow} />
        ) : tab === "speakers" ? (
          <SpeakersPanel task={task} onTaskChange={onTaskChange} onRename={shared ? undefined : rename.open} onSeek={(ms) => controller.seek(ms, true)} onRedetect={shared ? undefined : redetect.open} only={onlySpeaker} onOnly={chooseOnlySpeaker} />
        ) : (
          <TimelineList task={task} controller={controller} follow={follow} />
        )}
      </div>
      {rename.dialog}
      {redetect.dialog}
      {askAi && task ? <AskAiPanel task={task} initialMode={askAi} onClose={() => setAskAi(null)} onSeek={seek} /> : null}
      {styleOpen ? <AnalysisStyleDialog onClose={() => setStyleOpen(false)} /> : null}
      {coediting && task ? (
        <CollaborativeEditor
          task={task}
          onExit={() => {
            setCoediting(false);
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}
