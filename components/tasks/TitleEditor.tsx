"use client";
// Inline rename of a task title (PUT /api/transcription/{id}/edit-title).
// An empty title is refused with the catalogue message before any call.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { IconCheck, IconClose, IconEdit } from "@/components/ui/icons";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./detail.module.css";

/** `readOnly`: a collaborator sees the title without the rename button (only the owner renames). */
export function TitleEditor({ taskId, title, onRenamed, as: Tag = "h1", readOnly = false }: { taskId: string; title: string; onRenamed: (t: TaskSummary) => void; as?: "h1" | "h2"; readOnly?: boolean }) {
  const t = useTranslations("app.title");
  const terr = useTranslations("errors");
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editing) setValue(title);
  }, [title, editing]);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const cancel = () => {
    setEditing(false);
    setProblem(null);
    setValue(title);
  };

  const save = async () => {
    const next = value.trim();
    if (!next) {
      setProblem(terr("tasks.titleEmpty"));
      input.current?.focus();
      return;
    }
    if (next === title) {
      cancel();
      return;
    }
    setBusy(true);
    try {
      const summary = await tasksApi.editTitle(taskId, next);
      onRenamed(summary);
      setEditing(false);
      setProblem(null);
      toast.success(t("renamed"));
    } catch (e) {
      setProblem(errorMessage(e, terr("tasks.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className={styles.titleRow}>
        <Tag className={styles.title} data-testid="task-title" title={title}>
          {title}
        </Tag>
        {readOnly ? null : (
          <button type="button" className={ui.iconBtn} onClick={() => setEditing(true)} aria-label={t("rename")} title={t("rename")} data-testid="task-title-edit">
            <IconEdit />
          </button>
        )}
      </div>
    );
  }

  return (
    <form
      className={styles.titleForm}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className={styles.titleInputWrap}>
        <input
          ref={input}
          className={`${ui.field} ${problem ? ui.fieldError : ""}`}
          value={value}
          maxLength={200}
          onChange={(e) => {
            setValue(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              cancel();
            }
          }}
          aria-label={t("label")}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `title-err-${taskId}` : undefined}
          disabled={busy}
          data-testid="task-title-input"
        />
        {problem ? (
          <div id={`title-err-${taskId}`} className={ui.fieldHint} role="alert" data-testid="task-title-error">
            {problem}
          </div>
        ) : null}
      </div>
      <button type="submit" className={`${ui.btn} ${ui.primary} ${ui.small}`} disabled={busy} data-testid="task-title-save">
        {busy ? <span className={ui.spinner} aria-hidden="true" /> : <IconCheck />}
        {t("save")}
      </button>
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={cancel} disabled={busy} data-testid="task-title-cancel">
        <IconClose />
        {t("cancel")}
      </button>
    </form>
  );
}
