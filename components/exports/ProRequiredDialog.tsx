"use client";
// The upgrade prompt for a Pro export (PDF, .xmind) asked for on a free plan: what Pro
// gives and where to get it, never a raw error.
import { useTranslations } from "next-intl";
import { Modal } from "@/components/tasks/Modal";
import ui from "@/components/tasks/ui.module.css";

export function ProRequiredDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("exports.upgrade");
  const terr = useTranslations("errors");
  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      testId="export-pro-required"
      footer={
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onClose} data-autofocus data-testid="export-pro-ok">
          {t("close")}
        </button>
      }
    >
      <p>{terr("exports.proRequired")}</p>
      <p>{t("body")}</p>
      <p>{t("hint")}</p>
    </Modal>
  );
}
