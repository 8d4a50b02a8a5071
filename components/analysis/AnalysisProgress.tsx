"use client";
// The analysis's eleven steps (states and transitions) in order: done, current, to come, with a progress bar.
import { useTranslations } from "next-intl";
import { analysisSteps } from "@/lib/analysis/types";
import type { TaskSummary } from "@/lib/tasks/task.client";
import ui from "@/components/ui/ui.module.css";
import styles from "./analysis.module.css";

export function AnalysisProgress({ task }: { task: Pick<TaskSummary, "status" | "progress"> }) {
  const t = useTranslations("analysis.steps");
  const tp = useTranslations("analysis.progress");
  const current = Math.max(0, task.progress?.step ?? 0);
  const percent = Math.round(((current + 0.5) / analysisSteps.length) * 100);
  const title = task.status === "regenerating" ? tp("regenerating") : tp("analysing");

  return (
    <div className={styles.progressCard} data-testid="analysis-progress" data-step={current} data-stage={analysisSteps[current]}>
      <div className={styles.progressHead}>
        <span className={ui.spinner} aria-hidden="true" />
        <strong>{title}</strong>
        <span className={styles.progressCount}>{tp("count", { current: current + 1, total: analysisSteps.length })}</span>
      </div>
      <div className={ui.progress} role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={ui.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <ol className={styles.steps} aria-live="polite">
        {analysisSteps.map((step, i) => {
          const state = i < current ? "done" : i === current ? "current" : "todo";
          return (
            <li key={step} className={`${styles.step} ${styles[`step_${state}`]}`} data-testid="analysis-step" data-state={state} data-step-name={step}>
              <span className={styles.stepMark} aria-hidden="true">
                {state === "done" ? "✓" : i + 1}
              </span>
              {t(step)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
