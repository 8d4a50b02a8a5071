"use client";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "./Modal";
import { ModalFooter } from "./ModalFooter";

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
      footer={<ModalFooter cancelLabel={t("cancel")} onCancel={onClose} cancelTestId="confirm-cancel" submitLabel={confirmLabel} onSubmit={confirm} submitTestId="confirm-ok" busy={busy} danger={danger} autoFocus />}
    >
      <div>{message}</div>
    </Modal>
  );
}
