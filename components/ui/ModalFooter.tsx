"use client";
// The usual dialog footer: a plain Cancel (or Close) button, then the dialog's action, which shows a
// spinner while it runs (or its icon) and is disabled with the Cancel button meanwhile. The action
// either submits the dialog's form (`form`) or runs `onSubmit`.
import type { ReactNode } from "react";
import ui from "./ui.module.css";

export interface ModalFooterProps {
  cancelLabel: ReactNode;
  onCancel: () => void;
  cancelTestId?: string;
  submitLabel: ReactNode;
  /** A button of the dialog's form (type submit) when given; else a plain button calling onSubmit. */
  form?: string;
  onSubmit?: () => void;
  submitTestId?: string;
  /** Running: both buttons disabled, the action shows a spinner. */
  busy?: boolean;
  /** The action alone disabled (nothing chosen yet, input refused). */
  disabled?: boolean;
  danger?: boolean;
  icon?: ReactNode;
  /** The action takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

export function ModalFooter({ cancelLabel, onCancel, cancelTestId, submitLabel, form, onSubmit, submitTestId, busy, disabled, danger, icon, autoFocus }: ModalFooterProps) {
  return (
    <>
      <button type="button" className={ui.btn} onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
        {cancelLabel}
      </button>
      <button
        type={form ? "submit" : "button"}
        form={form}
        className={`${ui.btn} ${danger ? ui.danger : ui.primary}`}
        onClick={onSubmit}
        disabled={busy || disabled}
        data-testid={submitTestId}
        data-autofocus={autoFocus || undefined}
      >
        {busy ? <span className={ui.spinner} aria-hidden="true" /> : (icon ?? null)}
        {submitLabel}
      </button>
    </>
  );
}
