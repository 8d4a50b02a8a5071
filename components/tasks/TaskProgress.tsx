"use client";
// Live state of a running task: queued with its estimate, merging, or
// transcribing with a bar from progress.percent and the stage name.
import { useTranslations } from "next-intl";
import type { TaskSummary } from "@/lib/tasks/task.client";
import ui from "@/components/ui/ui.module.css";
import styles from "./status.module.css";

export function TaskProgress({ task, compact }: { task: Pick<TaskSummary, "status" | "progress" | "estimatedMinutes">; compact?: boolean }) {
  const t = useTranslations("app.progress");
  const ts = useTranslations("app.stage");
  const { status, progress } = task;
  if (status !== "queued" && status !== "merging" && status !== "transcribing") return null;

  const percent = progress ? Math.max(0, Math.min(100, progress.percent)) : null;
  const stage = progress?.stage && ts.has(progress.stage) ? ts(progress.stage) : null;
  let label: string;
  if (status === "queued") label = task.estimatedMinutes ? t("queuedEstimate", { minutes: task.estimatedMinutes }) : t("queued");
  else if (status === "merging") label = t("merging");
  else label = stage ?? t("transcribing");
  const determinate = status === "transcribing" && percent !== null;

  return (
    <div className={`${styles.progressBox} ${compact ? styles.progressCompact : ""}`} data-testid="task-progress" data-status={status}>
      <div className={styles.progressLabel}>
        <span data-testid="task-progress-label">{label}</span>
        {determinate ? (
          <span className={styles.progressPercent} data-testid="task-progress-percent">
            {t("percent", { percent: Math.round(percent) })}
          </span>
        ) : null}
      </div>
      <div
        className={`${ui.progress} ${determinate ? "" : ui.progressIndeterminate}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={determinate ? Math.round(percent) : undefined}
      >
        <div className={ui.progressFill} style={{ width: `${determinate ? percent : 0}%` }} />
      </div>
    </div>
  );
}
