"use client";
// Adds one hotword. The length rule is checked as the user types (the same
// checkHotword the server uses); the server's own refusals (duplicate, limit)
// show in the same place after submitting.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { checkHotword, MAX_CHINESE_CHARS, MAX_ENGLISH_WORDS } from "@/lib/hotwords/hotword.schema";
import { toast } from "@/lib/client/toasts";
import styles from "./hotwords.module.css";

const RULE = { chars: MAX_CHINESE_CHARS, words: MAX_ENGLISH_WORDS };

export interface HotwordAddFormProps {
  onAdd: (text: string) => Promise<unknown>;
  /** The user has reached the limit: adding is switched off. */
  full: boolean;
  limit: number;
}

export function HotwordAddForm({ onAdd, full, limit }: HotwordAddFormProps) {
  const t = useTranslations("hotwords");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  // "Please enter a hotword" only after a submit, not while the box is still untouched.
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // The form appears once the list has loaded, after the dialog placed focus.
  useEffect(() => input.current?.focus(), []);

  const check = checkHotword(text);
  const ruleError = !check.ok && (check.problem === "tooLong" || submitted) ? t(`rules.${check.problem}`, RULE) : null;
  const tooLong = !check.ok && check.problem === "tooLong";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!check.ok || busy || full) return;
    setBusy(true);
    setServerError(null);
    try {
      await onAdd(check.text);
      toast.success(t("add.added", { text: check.text }));
      setText("");
      setSubmitted(false);
    } catch (err) {
      setServerError(errorMessage(err, t("add.failed")));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const problem = ruleError ?? serverError;
  return (
    <form className={styles.section} onSubmit={submit} noValidate>
      <label className={ui.label} htmlFor={inputId}>
        {t("add.label")}
      </label>
      <div className={styles.row}>
        <input
          ref={input}
          id={inputId}
          className={`${ui.field} ${problem ? ui.fieldError : ""}`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setServerError(null);
          }}
          placeholder={t("add.placeholder")}
          maxLength={200}
          disabled={full}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          autoComplete="off"
          data-testid="hotword-input"
        />
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy || full || tooLong} data-testid="hotword-add">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("add.submit")}
        </button>
      </div>
      <div id={`${inputId}-hint`} aria-live="polite">
        {ruleError ? (
          <span className={styles.error} data-testid="hotword-rule-error">
            {ruleError}
          </span>
        ) : serverError ? (
          <span className={styles.error} data-testid="hotword-add-error">
            {serverError}
          </span>
        ) : (
          <span className={styles.hint}>{full ? t("rules.full", { limit }) : t("rules.hint", RULE)}</span>
        )}
      </div>
    </form>
  );
}
