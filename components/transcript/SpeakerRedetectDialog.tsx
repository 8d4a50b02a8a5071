"use client";
// Detects the speakers again from the stored audio (POST .../redetect-speakers),
// optionally with the number of people the owner knows took part. The worker
// keeps the text, the times and the names given; the task shows its progress.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { SpeakerCountSelect } from "./SpeakerCountSelect";

export function SpeakerRedetectDialog({ task, onClose, onStarted }: { task: Task; onClose: () => void; onStarted: (task: Task) => void }) {
  const t = useTranslations("app.speakers");
  const terr = useTranslations("errors");
  const [count, setCount] = useState<number | null>(task.speakerCount ?? (task.speakers.length || null));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await tasksApi.redetectSpeakers(task.id, count);
      toast.success(t("redetectStarted"));
      onStarted(next);
      onClose();
    } catch (e) {
      setProblem(errorMessage(e, terr("tasks.transcriptionStartFailed")));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t("redetectTitle")}
      onClose={onClose}
      dismissable={!busy}
      testId="speaker-redetect-dialog"
      footer={<ModalFooter cancelLabel={t("cancel")} onCancel={onClose} submitLabel={t("redetectStart")} onSubmit={() => void start()} submitTestId="speaker-redetect-start" busy={busy} />}
    >
      <p>{t("redetectDescription")}</p>
      <SpeakerCountSelect value={count} onChange={setCount} disabled={busy} testId="speaker-redetect-count" />
      {problem ? (
        <div className={ui.alert} role="alert" data-testid="speaker-redetect-error">
          {problem}
        </div>
      ) : null}
    </Modal>
  );
}
