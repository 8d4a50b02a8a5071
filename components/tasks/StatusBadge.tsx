"use client";
import { useTranslations } from "next-intl";
import type { MeetingStatus, TaskStatus } from "@/lib/tasks/task.client";
import styles from "./status.module.css";

type Tone = "neutral" | "info" | "progress" | "success" | "danger";

const TONE: Record<TaskStatus, Tone> = {
  not_started: "neutral",
  queued: "info",
  merging: "progress",
  transcribing: "progress",
  completed: "success",
  failed: "danger",
  analyzing: "progress",
  analysis_completed: "success",
  analysis_failed: "danger",
  translating: "progress",
  translation_completed: "success",
  translation_failed: "danger",
  regenerating: "progress",
};

export function StatusBadge({ status }: { status: TaskStatus }) {
  const t = useTranslations("app.status");
  const tone = TONE[status] ?? "neutral";
  return (
    <span className={`${styles.badge} ${styles[`badge_${tone}`]}`} data-testid="task-status" data-status={status}>
      {tone === "progress" ? <span className={styles.pulse} aria-hidden="true" /> : null}
      {t.has(status) ? t(status) : status}
    </span>
  );
}

const MEETING_TONE: Record<MeetingStatus, Tone> = {
  joining: "progress",
  in_meeting: "info",
  ended: "neutral",
  unknown: "neutral",
};

/** Where a meeting task's recording bot is (product scope: joining, in meeting, ended, unknown). */
export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const t = useTranslations("imports.meetingStatus");
  const tone = MEETING_TONE[status] ?? "neutral";
  return (
    <span className={`${styles.badge} ${styles[`badge_${tone}`]}`} data-testid="task-meeting-status" data-meeting-status={status}>
      {tone === "progress" || status === "in_meeting" ? <span className={styles.pulse} aria-hidden="true" /> : null}
      {t(status in MEETING_TONE ? status : "unknown")}
    </span>
  );
}
