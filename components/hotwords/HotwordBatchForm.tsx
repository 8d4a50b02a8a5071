"use client";
// Adds many hotwords, one per line. Every line is checked on the server on its
// own, so a batch can partly succeed: the result names each line that failed
// and leaves those lines in the box for fixing.
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { HotwordBatchResult } from "@/lib/hotwords/hotwords.client";
import { batchLines, checkHotword } from "@/lib/hotwords/hotword.schema";
import styles from "./hotwords.module.css";

export interface HotwordBatchFormProps {
  onAddBatch: (texts: string) => Promise<HotwordBatchResult>;
  full: boolean;
}

export function HotwordBatchForm({ onAddBatch, full }: HotwordBatchFormProps) {
  const t = useTranslations("hotwords");
  const inputId = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<HotwordBatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lines = batchLines(text);
  const tooLong = lines.filter((line) => !checkHotword(line).ok).length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (lines.length === 0 || busy || full) return;
    setBusy(true);
    setError(null);
    try {
      const res = await onAddBatch(text);
      setResult(res);
      setText(res.failures.map((f) => f.text).join("\n"));
    } catch (err) {
      setResult(null);
      setError(errorMessage(err, t("batch.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate>
      <label className={ui.label} htmlFor={inputId}>
        {t("batch.label")}
      </label>
      <textarea
        id={inputId}
        className={`${ui.field} ${styles.textarea}`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        placeholder={t("batch.placeholder")}
        rows={3}
        disabled={full}
        data-testid="hotword-batch-input"
      />
      <div className={styles.batchFoot}>
        <span className={tooLong ? styles.error : styles.hint} aria-live="polite" data-testid="hotword-batch-count">
          {t("batch.lines", { count: lines.length })}
          {tooLong ? ` · ${t("batch.tooLong", { count: tooLong })}` : null}
        </span>
        <button type="submit" className={`${ui.btn} ${ui.small}`} disabled={busy || full || lines.length === 0} data-testid="hotword-batch-add">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("batch.submit")}
        </button>
      </div>
      {error ? (
        <span className={styles.error} role="alert" data-testid="hotword-batch-error">
          {error}
        </span>
      ) : null}
      {result ? <BatchResult result={result} /> : null}
    </form>
  );
}

function BatchResult({ result }: { result: HotwordBatchResult }) {
  const t = useTranslations("hotwords.batch");
  const failed = result.failures.length > 0;
  return (
    <div className={styles.result} data-failed={failed} role="status" data-testid="hotword-batch-result">
      <strong>{t("result", { created: result.created, failed: result.failed })}</strong>
      {failed ? (
        <>
          <ul className={styles.failures} aria-label={t("notAdded")}>
            {result.failures.map((f) => (
              <li key={f.text} data-testid="hotword-batch-failure" data-text={f.text} data-error={f.error}>
                {/* Most server messages already quote the line; say it only when they do not. */}
                {f.message.includes(f.text) ? (
                  f.message
                ) : (
                  <>
                    <span className={styles.failureText}>{f.text}</span> — {f.message}
                  </>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.hint}>{t("keptForFixing")}</div>
        </>
      ) : null}
    </div>
  );
}
