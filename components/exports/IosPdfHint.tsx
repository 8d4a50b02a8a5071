"use client";
// The iOS PDF save hint: Safari on iPhone and iPad shows a downloaded PDF as a preview,
// so the three steps to keep it are spelled out.
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import styles from "./exports.module.css";

export function IosPdfHint({ onClose }: { onClose: () => void }) {
  const t = useTranslations("exports.ios");
  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      testId="ios-pdf-hint"
      footer={
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onClose} data-autofocus data-testid="ios-pdf-hint-ok">
          {t("close")}
        </button>
      }
    >
      <p>{t("body")}</p>
      <ol className={styles.steps}>
        <li>{t("step1")}</li>
        <li>{t("step2")}</li>
        <li>{t("step3")}</li>
      </ol>
    </Modal>
  );
}
