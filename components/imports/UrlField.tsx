"use client";
// The link field of the link and meeting dialogs: a labelled URL input with
// its message under it, tied to it for screen readers. Enter submits the
// surrounding form.
import type { ReactNode } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./imports.module.css";

export interface UrlFieldProps {
  /** The input's id; the message's id is derived from it. */
  id: string;
  label: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The message to show, or null for none. */
  error: string | null;
  /** Why, as data-reason on the message (for tests). */
  errorReason?: string;
  testId: string;
  errorTestId: string;
}

export function UrlField({ id, label, placeholder, value, onChange, disabled, error, errorReason, testId, errorTestId }: UrlFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className={`${ui.field} ${error ? ui.fieldError : ""}`}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-autofocus
        data-testid={testId}
      />
      {error ? (
        <span id={errorId} className={ui.fieldHint} role="alert" data-testid={errorTestId} data-reason={errorReason}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
