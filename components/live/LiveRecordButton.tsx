"use client";
// The phone home's main button: start a live recording (microphone).
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { IconMic } from "./IconMic";
import styles from "./live.module.css";

export function LiveRecordButton({ onClick }: { onClick: () => void }) {
  const t = useTranslations("live.menu");
  return (
    <button type="button" className={`${ui.btn} ${ui.primary} ${styles.mobileRecord}`} onClick={onClick} data-testid="live-record-main">
      <IconMic size={20} />
      {t("record")}
    </button>
  );
}
