"use client";
// The "Record" entry of a home screen: opens the record dialog, and on arrival asks whether
// to continue a recording a reload or a closed tab interrupted (GET ?open=1). The new task
// is handed to the screen like an upload's.
import { useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { formatDuration } from "@/lib/format/time";
import { chunkStore } from "@/lib/live/chunk-db";
import { liveApi, type LiveSession } from "@/lib/live/live.client";
import { tasksApi, type TaskSummary } from "@/lib/tasks/task.client";
import type { LiveRecordDialogProps } from "./LiveRecordDialog";

const LiveRecordDialog = dynamic(() => import("./LiveRecordDialog").then((m) => m.LiveRecordDialog), { ssr: false });

export function useLiveRecording(onCreated: (tasks: TaskSummary[]) => void) {
  const [open, setOpen] = useState(false);
  const [resume, setResume] = useState<LiveRecordDialogProps["resume"]>(null);
  const [interrupted, setInterrupted] = useState<LiveSession | null>(null);

  useEffect(() => {
    let live = true;
    liveApi.open().then(
      (sessions) => {
        // The newest one (listed first); older ones are offered on a later visit.
        if (live && sessions[0]) setInterrupted(sessions[0]);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const openRecord = useCallback(() => {
    setResume(null);
    setOpen(true);
  }, []);

  const onDone = useCallback(
    async (taskId: string) => {
      setOpen(false);
      setResume(null);
      const task = await tasksApi.get(taskId).catch(() => null);
      if (task) onCreated([task]);
    },
    [onCreated],
  );

  const dialogs = (
    <>
      {open ? <LiveRecordDialog onClose={() => setOpen(false)} onDone={(id) => void onDone(id)} resume={resume} /> : null}
      {interrupted && !open ? (
        <InterruptedPrompt
          session={interrupted}
          onChoose={(record) => {
            setResume({ session: interrupted, record });
            setInterrupted(null);
            setOpen(true);
          }}
          onDiscard={async () => {
            await liveApi.discard(interrupted.id).catch(() => undefined);
            await (await chunkStore()).forget(interrupted.id).catch(() => undefined);
            setInterrupted(null);
          }}
          onLater={() => setInterrupted(null)}
        />
      ) : null}
    </>
  );
  return { openRecord, dialogs };
}

function InterruptedPrompt({ session, onChoose, onDiscard, onLater }: { session: LiveSession; onChoose: (record: boolean) => void; onDiscard: () => Promise<void>; onLater: () => void }) {
  const t = useTranslations("live.interrupted");
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={t("title")}
      onClose={onLater}
      testId="live-interrupted"
      footer={
        <>
          <button
            type="button"
            className={`${ui.btn} ${ui.danger}`}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onDiscard();
            }}
            data-testid="live-interrupted-discard"
          >
            {t("discard")}
          </button>
          <button type="button" className={ui.btn} disabled={busy} onClick={() => onChoose(false)} data-testid="live-interrupted-finish">
            {t("finish")}
          </button>
          <button type="button" className={`${ui.btn} ${ui.primary}`} disabled={busy} onClick={() => onChoose(true)} data-autofocus data-testid="live-interrupted-continue">
            {t("continue")}
          </button>
        </>
      }
    >
      <p>{t("body", { time: formatDuration(session.durationSec) })}</p>
    </Modal>
  );
}
