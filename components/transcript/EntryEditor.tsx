"use client";
// In-place edit of one transcript entry's text; timings are untouched
// (PUT /api/transcription/{id}/edit with only {index, text}).
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { errorMessage } from "@/lib/client/api-errors";
import styles from "./transcript.module.css";

export function EntryEditor({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const t = useTranslations("app.transcript");
  const terr = useTranslations("errors");
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [value]);

  const save = async () => {
    if (value === initial) {
      onCancel();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSave(value.replace(/\s+$/, ""));
    } catch (e) {
      setProblem(errorMessage(e, terr("tasks.saveFailed")));
      setBusy(false);
    }
  };

  return (
    <div className={styles.entryEditor} onClick={(e) => e.stopPropagation()}>
      <textarea
        ref={ref}
        className={ui.field}
        value={value}
        rows={2}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
        disabled={busy}
        aria-label={t("editLabel")}
        data-testid="entry-edit-input"
      />
      {problem ? (
        <div className={ui.fieldHint} role="alert" data-testid="entry-edit-error">
          {problem}
        </div>
      ) : null}
      <div className={styles.entryEditorActions}>
        <span className={styles.entryEditorHint}>{t("editHint")}</span>
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onCancel} disabled={busy} data-testid="entry-edit-cancel">
          {t("cancel")}
        </button>
        <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={() => void save()} disabled={busy} data-testid="entry-edit-save">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("save")}
        </button>
      </div>
    </div>
  );
}
