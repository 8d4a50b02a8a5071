"use client";
// The "Original text" tab: player, toolbar, transcript and the speakers panel.
import { useState } from "react";
import type { Task } from "@/lib/client/tasks";
import { MediaPlayer } from "./MediaPlayer";
import { SpeakersPanel } from "./SpeakersPanel";
import { TranscriptToolbar } from "./TranscriptToolbar";
import { TranscriptView } from "./TranscriptView";
import { useMediaController } from "./useMediaController";
import { useSpeakerRename } from "./useSpeakerRename";
import styles from "./transcript.module.css";

export function TranscriptWorkspace({ task, onTaskChange }: { task: Task; onTaskChange: (t: Task) => void }) {
  const controller = useMediaController();
  const [follow, setFollow] = useState(true);
  const [speakersOpen, setSpeakersOpen] = useState(false);
  const rename = useSpeakerRename(task, onTaskChange);
  const hasMedia = task.mediaKind !== null || task.source === "upload" || task.source === "merge";

  return (
    <div className={styles.workspace} data-testid="transcript-workspace">
      {hasMedia ? (
        <div className={styles.playerBar}>
          <MediaPlayer taskId={task.id} kind={task.mediaKind} controller={controller} />
        </div>
      ) : null}
      <TranscriptToolbar task={task} follow={follow} onFollowChange={setFollow} onShowSpeakers={() => setSpeakersOpen((v) => !v)} />
      <div className={`${styles.workspaceBody} ${speakersOpen ? styles.speakersOpen : ""}`}>
        <div className={styles.workspaceMain}>
          <TranscriptView task={task} controller={controller} follow={follow} onTaskChange={onTaskChange} onRenameSpeaker={rename.open} />
        </div>
        <aside className={styles.workspaceAside}>
          <SpeakersPanel task={task} onRename={rename.open} onSeek={(ms) => controller.seek(ms, true)} />
        </aside>
      </div>
      {rename.dialog}
    </div>
  );
}
