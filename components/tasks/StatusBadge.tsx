"use client";
import { useTranslations } from "next-intl";
import type { TaskStatus } from "@/lib/client/tasks";
import styles from "./tasks.module.css";

const TONE: Record<TaskStatus, "neutral" | "info" | "progress" | "success" | "danger"> = {
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
