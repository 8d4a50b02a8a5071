"use client";
// Renames one speaker everywhere in the task (PUT .../edit-speaker-names).
import { useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type Speaker, type Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./transcript.module.css";

export const SPEAKER_NAME_MAX = 60;

export function SpeakerRenameDialog({ taskId, speaker, currentName, colour, otherNames, onClose, onSaved }: {
  taskId: string;
  speaker: Speaker;
  currentName: string;
  colour: string;
  otherNames: string[];
  onClose: () => void;
  onSaved: (task: Task) => void;
}) {
  const t = useTranslations("app.speakers");
  const terr = useTranslations("errors");
  const [value, setValue] = useState(currentName);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const trimmed = value.trim();
  const duplicate = trimmed !== "" && otherNames.some((n) => n.trim().toLowerCase() === trimmed.toLowerCase());

  const save = async () => {
    if (!trimmed) {
      setProblem(t("nameEmpty"));
      return;
    }
    if (trimmed === currentName) {
      onClose();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const task = await tasksApi.editSpeakerNames(taskId, [{ id: speaker.id, name: trimmed }]);
      onSaved(task);
      toast.success(t("renamed"));
      onClose();
    } catch (e) {
      setProblem(errorMessage(e, terr("tasks.speakerNameUpdateFailed")));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t("renameTitle")}
      onClose={onClose}
      dismissable={!busy}
      testId="speaker-rename-dialog"
      footer={<ModalFooter cancelLabel={t("cancel")} onCancel={onClose} cancelTestId="speaker-rename-cancel" submitLabel={t("save")} form={`speaker-form-${speaker.id}`} submitTestId="speaker-rename-save" busy={busy} />}
    >
      <form
        id={`speaker-form-${speaker.id}`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className={ui.label} htmlFor={`speaker-input-${speaker.id}`}>
          <span className={styles.dot} style={{ background: colour }} aria-hidden="true" /> {t("nameLabel")}
        </label>
        <input
          id={`speaker-input-${speaker.id}`}
          className={`${ui.field} ${problem ? ui.fieldError : ""}`}
          value={value}
          maxLength={SPEAKER_NAME_MAX}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          data-autofocus
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          data-testid="speaker-rename-input"
        />
        {problem ? (
          <div className={ui.fieldHint} role="alert" data-testid="speaker-rename-error">
            {problem}
          </div>
        ) : duplicate ? (
          <div className={styles.muted} data-testid="speaker-rename-duplicate">
            {t("duplicateHint")}
          </div>
        ) : (
          <div className={styles.muted}>{t("everywhereHint")}</div>
        )}
      </form>
    </Modal>
  );
}
