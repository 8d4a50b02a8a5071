"use client";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "./Modal";
import ui from "./ui.module.css";

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** Asks before a destructive action; stays open (busy) until the action settles. */
export function ConfirmDialog({ title, message, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useTranslations("app.common");
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      dismissable={!busy}
      role="alertdialog"
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className={ui.btn} onClick={onClose} disabled={busy} data-testid="confirm-cancel">
            {t("cancel")}
          </button>
          <button type="button" className={`${ui.btn} ${danger ? ui.danger : ui.primary}`} onClick={confirm} disabled={busy} data-testid="confirm-ok" data-autofocus>
            {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div>{message}</div>
    </Modal>
  );
}
