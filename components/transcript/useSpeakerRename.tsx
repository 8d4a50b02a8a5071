"use client";
// Opens the speaker dialogs of a task: rename one speaker, or detect them all again.
import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { Task } from "@/lib/tasks/task.client";
import { SpeakerRedetectDialog } from "./SpeakerRedetectDialog";
import { SpeakerRenameDialog } from "./SpeakerRenameDialog";
import { speakerLooks } from "./speakers";

export function useSpeakerRename(task: Task | null, onTaskChange: (t: Task) => void) {
  const tt = useTranslations("tasks");
  const [speakerId, setSpeakerId] = useState<string | null>(null);
  const looks = useMemo(() => speakerLooks(task?.speakers ?? [], (n) => tt("speakerDefault", { n })), [task?.speakers, tt]);
  const speaker = task?.speakers.find((s) => s.id === speakerId) ?? null;
  const look = speaker ? looks.get(speaker.id) : undefined;
  const dialog =
    task && speaker && look ? (
      <SpeakerRenameDialog
        key={speaker.id}
        taskId={task.id}
        speaker={speaker}
        currentName={look.name}
        colour={look.colour}
        others={task.speakers.filter((s) => s.id !== speaker.id).map((s) => ({ id: s.id, name: looks.get(s.id)?.name ?? s.name }))}
        onClose={() => setSpeakerId(null)}
        onSaved={onTaskChange}
      />
    ) : null;
  return { open: setSpeakerId, dialog };
}

/** Opens "re-detect speakers" for a task with audio; `open` is undefined where there is none. */
export function useSpeakerRedetect(task: Task | null, onTaskChange: (t: Task) => void) {
  const [opened, setOpened] = useState(false);
  const possible = task !== null && task.source !== "document" && task.source !== "text";
  const dialog = possible && opened ? <SpeakerRedetectDialog task={task} onClose={() => setOpened(false)} onStarted={onTaskChange} /> : null;
  return { open: possible ? () => setOpened(true) : undefined, dialog };
}
