"use client";
// The error panel of a failed task (entity fields error details, error catalogue suggestions):
// message, description, suggestions, retry count, request id, and a retry.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type TaskErrorDetails, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { IconAlert, IconRetry } from "@/components/ui/icons";
import { useFailureText } from "./useFailureText";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./status.module.css";

export function TaskErrorPanel({ taskId, details, onRetried }: { taskId: string; details: TaskErrorDetails | null; onRetried: (t: TaskSummary) => void }) {
  const t = useTranslations("app.errorPanel");
  const tt = useTranslations("tasks");
  const terr = useTranslations("errors");
  const [busy, setBusy] = useState(false);
  const failure = useFailureText()(details);

  const retry = async () => {
    setBusy(true);
    try {
      const summary = await tasksApi.start(taskId);
      toast.success(t("retryStarted"));
      onRetried(summary);
    } catch (e) {
      toast.error(errorMessage(e, terr("tasks.transcriptionStartFailed")));
    } finally {
      setBusy(false);
    }
  };

  const suggestions = (details?.suggestions ?? []).map((s) => s.replace(/^tasks\.suggestions\./, "")).filter((s) => tt.has(`suggestions.${s}`));

  return (
    <section className={styles.errorPanel} data-testid="task-error-panel" aria-labelledby={`err-${taskId}`}>
      <div className={styles.errorHead}>
        <IconAlert size={20} />
        <div>
          <h3 id={`err-${taskId}`} className={styles.errorTitle} data-testid="task-error-message">
            {failure.message || t("defaultMessage")}
          </h3>
          {failure.description ? (
            <p className={styles.errorDesc} data-testid="task-error-description">
              {failure.description}
            </p>
          ) : null}
        </div>
      </div>
      {suggestions.length ? (
        <div className={styles.errorSuggestions}>
          <div className={styles.errorSubhead}>{t("suggestions")}</div>
          <ul data-testid="task-error-suggestions">
            {suggestions.map((s) => (
              <li key={s} data-suggestion={s}>
                {tt(`suggestions.${s}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className={styles.errorMeta}>
        {details?.errorCode ? (
          <div>
            <dt>{t("errorCode")}</dt>
            <dd data-testid="task-error-code">{details.errorCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("retryCount")}</dt>
          <dd data-testid="task-error-retry-count">{details?.retryCount ?? 0}</dd>
        </div>
        {details?.requestId ? (
          <div>
            <dt>{t("requestId")}</dt>
            <dd data-testid="task-error-request-id">
              <code>{details.requestId}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      <div>
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={retry} disabled={busy} data-testid="task-retry">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : <IconRetry />}
          {t("retry")}
        </button>
      </div>
    </section>
  );
}
