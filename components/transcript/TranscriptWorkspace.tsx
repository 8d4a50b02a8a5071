"use client";
// The "Original text" tab: toolbar, transcript and the speakers panel. The
// player lives above the tabs (TaskDetail), so it keeps playing across them.
import { useState } from "react";
import type { Task } from "@/lib/tasks/task.client";
import { SpeakersPanel } from "./SpeakersPanel";
import { TranscriptToolbar } from "./TranscriptToolbar";
import { TranscriptView } from "./TranscriptView";
import type { MediaController } from "./useMediaController";
import { useSpeakerRedetect, useSpeakerRename } from "./useSpeakerRename";
import styles from "./transcript.module.css";

export interface TranscriptWorkspaceProps {
  task: Task;
  onTaskChange: (t: Task) => void;
  controller: MediaController;
  /** False while a translation is shown: its lines are not the task's to edit. */
  editable?: boolean;
  /** False for a collaborator: speaker names and detection are the owner's (the server refuses them too). */
  owner?: boolean;
}

export function TranscriptWorkspace({ task, onTaskChange, controller, editable = true, owner = true }: TranscriptWorkspaceProps) {
  const [follow, setFollow] = useState(true);
  const [speakersOpen, setSpeakersOpen] = useState(false);
  const [onlySpeaker, setOnlySpeaker] = useState<string | null>(null);
  const rename = useSpeakerRename(task, onTaskChange);
  const redetect = useSpeakerRedetect(task, onTaskChange);
  // Speakers are the owner's to rename and correct, and only on the task's own lines (not a translation's).
  const ownerEdits = editable && owner;

  return (
    <div className={styles.workspace} data-testid="transcript-workspace">
      <TranscriptToolbar task={task} follow={follow} onFollowChange={setFollow} onShowSpeakers={() => setSpeakersOpen((v) => !v)} />
      <div className={`${styles.workspaceBody} ${speakersOpen ? styles.speakersOpen : ""}`}>
        <div className={styles.workspaceMain}>
          <TranscriptView task={task} controller={controller} follow={follow} onTaskChange={onTaskChange} onRenameSpeaker={ownerEdits ? rename.open : undefined} editable={editable} speakersEditable={ownerEdits} onlySpeaker={onlySpeaker} onShowAll={() => setOnlySpeaker(null)} />
        </div>
        <aside className={styles.workspaceAside}>
          <SpeakersPanel task={task} onTaskChange={onTaskChange} onRename={owner ? rename.open : undefined} onSeek={(ms) => controller.seek(ms, true)} onRedetect={editable ? redetect.open : undefined} only={onlySpeaker} onOnly={setOnlySpeaker} />
        </aside>
      </div>
      {rename.dialog}
      {redetect.dialog}
    </div>
  );
}

/** Whether the task has a recording to play (documents and pasted text have none). */
export function hasMedia(task: Pick<Task, "mediaKind" | "source">): boolean {
  return task.mediaKind !== null || task.source === "upload" || task.source === "merge";
}
