"use client";
// Shown instead of the manager when the server says hotwords need Pro (403
// hotwords.membershipRequired): an explanation, never a raw error.
import { useTranslations } from "next-intl";
import ui from "@/components/tasks/ui.module.css";
import { MAX_HOTWORDS } from "@/lib/hotwords/hotword.schema";
import styles from "./hotwords.module.css";

export function MembershipRequired({ onClose }: { onClose: () => void }) {
  const t = useTranslations("hotwords.membership");
  return (
    <div className={styles.membership} data-testid="hotword-membership-required">
      <h3 className={styles.membershipTitle}>{t("title")}</h3>
      <p>{t("body", { limit: MAX_HOTWORDS })}</p>
      <p>{t("upgrade")}</p>
      <div className={styles.membershipActions}>
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onClose} data-autofocus data-testid="hotword-membership-close">
          {t("close")}
        </button>
      </div>
    </div>
  );
}
