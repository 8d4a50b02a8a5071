"use client";
// The "Summary" tab: start the analysis, watch its steps, read the rendered
// summary, edit and save it, or summarise again (after confirming).
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IconEdit, IconRetry } from "@/components/ui/icons";
import { errorMessage } from "@/lib/client/api-errors";
import { analysisApi } from "@/lib/analysis/analysis.client";
import { hasTranscript, type Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import ui from "@/components/ui/ui.module.css";
import { AnalysisProgress } from "./AnalysisProgress";
import { EngineBadge } from "./EngineBadge";
import { MarkdownView } from "./MarkdownView";
import { TodoList } from "@/components/outline/TodoList";
import styles from "./analysis.module.css";

export interface SummaryDraft {
  /** The text being edited, or null when not editing. */
  text: string | null;
  set: (text: string | null) => void;
}

export interface SummaryPanelProps {
  task: Task;
  onTaskChange: (task: Task) => void;
  draft: SummaryDraft;
  onSeek?: (ms: number) => void;
  onOpenStyle?: () => void;
  /** A translated summary to show instead of the original (read-only). */
  translatedSummary?: string | null;
}

export const isAnalysing = (status: string) => status === "analyzing" || status === "regenerating";

export function SummaryPanel({ task, onTaskChange, draft, onSeek, onOpenStyle, translatedSummary }: SummaryPanelProps) {
  const t = useTranslations("analysis.summary");
  const [busy, setBusy] = useState(false);
  const [confirmAgain, setConfirmAgain] = useState(false);

  const analyse = async (regenerate: boolean) => {
    setBusy(true);
    try {
      onTaskChange(await analysisApi.analyze(task.id, regenerate));
    } catch (e) {
      toast.error(errorMessage(e, t("startFailed")));
      throw e;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (draft.text === null) return;
    setBusy(true);
    try {
      onTaskChange(await analysisApi.saveSummary(task.id, draft.text));
      draft.set(null);
      toast.success(t("saved"));
    } catch (e) {
      toast.error(errorMessage(e, t("saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  if (!hasTranscript(task.status)) return <Placeholder title={t("notAnalysed")} hint={t("waitForTranscript")} />;
  if (isAnalysing(task.status)) return <AnalysisProgress task={task} />;

  const failed = task.status === "analysis_failed" && task.errorDetails ? (
    <div className={styles.failure} role="alert" data-testid="analysis-failed">
      <strong>{task.errorDetails.message ?? t("failed")}</strong>
      {task.errorDetails.description ? <p>{task.errorDetails.description}</p> : null}
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void analyse(Boolean(task.summary)).catch(() => undefined)} disabled={busy} data-testid="analysis-retry">
        <IconRetry size={14} /> {t("retry")}
      </button>
    </div>
  ) : null;

  if (!task.summary) {
    return (
      <div className={styles.panel}>
        {failed}
        <Placeholder title={t("notAnalysed")} hint={t("notAnalysedHint")}>
          <div className={styles.row}>
            <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void analyse(false).catch(() => undefined)} disabled={busy} data-testid="analysis-start">
              {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
              {t("analyse")}
            </button>
            {onOpenStyle ? (
              <button type="button" className={`${ui.btn} ${ui.ghost}`} onClick={onOpenStyle} data-testid="summary-style">
                {t("style")}
              </button>
            ) : null}
          </div>
        </Placeholder>
      </div>
    );
  }

  const editing = draft.text !== null;
  return (
    <div className={styles.panel} data-testid="summary-panel">
      {failed}
      <div className={styles.toolbar}>
        <EngineBadge engine={task.summaryEngine} />
        <span className={styles.spacer} />
        {editing ? (
          <>
            <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => draft.set(null)} disabled={busy} data-testid="summary-cancel">
              {t("cancel")}
            </button>
            <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={() => void save()} disabled={busy || draft.text === task.summary} data-testid="summary-save">
              {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
              {t("save")}
            </button>
          </>
        ) : (
          <>
            {onOpenStyle ? (
              <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={onOpenStyle} data-testid="summary-style">
                {t("style")}
              </button>
            ) : null}
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setConfirmAgain(true)} disabled={busy || translatedSummary != null} data-testid="summary-regenerate">
              <IconRetry size={14} /> {t("resummarise")}
            </button>
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => draft.set(task.summary)} disabled={translatedSummary != null} data-testid="summary-edit">
              <IconEdit size={14} /> {t("edit")}
            </button>
          </>
        )}
      </div>
      {editing ? (
        <textarea
          className={styles.editor}
          value={draft.text ?? ""}
          onChange={(e) => draft.set(e.target.value)}
          aria-label={t("editorLabel")}
          spellCheck
          data-testid="summary-editor"
        />
      ) : (
        <>
          {task.outline && !translatedSummary ? <TodoList taskId={task.id} outline={task.outline} onChange={(outline) => onTaskChange({ ...task, outline })} onSeek={onSeek} /> : null}
          <MarkdownView markdown={translatedSummary ?? task.summary} onSeek={onSeek} className={styles.summary} testId="summary-content" />
        </>
      )}
      {confirmAgain ? (
        <ConfirmDialog
          title={t("resummariseTitle")}
          message={t("resummariseMessage")}
          confirmLabel={t("resummariseConfirm")}
          onConfirm={() => analyse(true)}
          onClose={() => setConfirmAgain(false)}
        />
      ) : null}
    </div>
  );
}

export function Placeholder({ title, hint, children }: { title: string; hint: string; children?: React.ReactNode }) {
  return (
    <div className={styles.placeholder} data-testid="analysis-empty">
      <p className={styles.placeholderTitle}>{title}</p>
      <p className={styles.placeholderHint}>{hint}</p>
      {children}
    </div>
  );
}
