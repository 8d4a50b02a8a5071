"use client";
// Renames one speaker everywhere in the task (PUT .../edit-speaker-names), and
// optionally remembers their voice under that name (POST .../remember-voice).
// A name another speaker has already offers to make the two one speaker
// (POST .../merge-speakers): the separation split one voice in two.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type Speaker, type Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { RememberVoiceField } from "@/components/voice-profiles/RememberVoiceField";
import { isApiError } from "@/lib/client/api";
import { voiceProfilesApi } from "@/lib/voice-profiles/voice-profiles.client";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./transcript.module.css";
import speakerStyles from "./speakers.module.css";

export const SPEAKER_NAME_MAX = 60;

export function SpeakerRenameDialog({ taskId, speaker, currentName, colour, others, onClose, onSaved }: {
  taskId: string;
  speaker: Speaker;
  currentName: string;
  colour: string;
  /** The task's other speakers, with their shown names. */
  others: { id: string; name: string }[];
  onClose: () => void;
  onSaved: (task: Task) => void;
}) {
  const t = useTranslations("app.speakers");
  const terr = useTranslations("errors");
  const tv = useTranslations("voiceProfiles");
  const [value, setValue] = useState(currentName);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [remember, setRemember] = useState(false);
  const [merge, setMerge] = useState(true);

  const trimmed = value.trim();
  const namesake = trimmed === "" ? undefined : others.find((o) => o.name.trim().toLowerCase() === trimmed.toLowerCase());
  const mergeInto = namesake && merge ? namesake : undefined;

  const save = async () => {
    if (!trimmed) {
      setProblem(t("nameEmpty"));
      return;
    }
    if (trimmed === currentName && !remember) {
      onClose();
      return;
    }
    setBusy(true);
    setProblem(null);
    let renamed = false;
    try {
      if (mergeInto) {
        onSaved(await tasksApi.mergeSpeakers(taskId, speaker.id, mergeInto.id));
        if (remember) await voiceProfilesApi.remember(taskId, mergeInto.id).then((res) => onSaved(res.task));
        toast.success(t("merged", { name: mergeInto.name }));
        onClose();
        return;
      }
      if (trimmed !== currentName || speaker.name !== trimmed) {
        onSaved(await tasksApi.editSpeakerNames(taskId, [{ id: speaker.id, name: trimmed }]));
        renamed = true;
      }
      if (remember) {
        const res = await voiceProfilesApi.remember(taskId, speaker.id);
        onSaved(res.task);
        toast.success(tv("remembered", { name: res.profile.name }));
      } else toast.success(t("renamed"));
      onClose();
    } catch (e) {
      if (renamed) toast.success(t("renamed"));
      const fallback = isApiError(e) && e.key?.startsWith("voiceProfiles.") ? tv("rememberFailed") : terr("tasks.speakerNameUpdateFailed");
      setProblem(errorMessage(e, fallback));
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
        ) : namesake ? (
          <label className={speakerStyles.mergeField} data-testid="speaker-rename-duplicate">
            <input type="checkbox" checked={merge} onChange={(e) => setMerge(e.target.checked)} disabled={busy} data-testid="speaker-rename-merge" />
            <span>{merge ? t("mergeLabel", { name: namesake.name }) : t("duplicateHint")}</span>
          </label>
        ) : (
          <div className={styles.muted}>{t("everywhereHint")}</div>
        )}
        <RememberVoiceField checked={remember} onChange={setRemember} name={trimmed} disabled={busy} />
      </form>
    </Modal>
  );
}
