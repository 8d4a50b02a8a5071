"use client";
// Rewards (opened from the header): invite friends through the referral link, and redeem
// a promo code. A redeemed code refreshes the bonus minutes here and the usage total
// in the header (onUsageChange).
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { PromoCodeForm } from "./PromoCodeForm";
import { ReferralSection } from "./ReferralSection";
import { useReferralInfo } from "./useReferralInfo";
import styles from "./rewards.module.css";

export function RewardsDialog({ onClose, onUsageChange }: { onClose: () => void; onUsageChange: () => void }) {
  const t = useTranslations("rewards");
  const { info, error, setInfo, reload } = useReferralInfo();

  return (
    <Modal title={t("title")} onClose={onClose} wide testId="rewards-dialog">
      <div className={styles.body}>
        <ReferralSection info={info} error={error} onRetry={reload} />
        <PromoCodeForm
          onRedeemed={(r) => {
            setInfo((i) => (i ? { ...i, bonus_minutes: r.bonus_minutes } : i));
            onUsageChange();
          }}
        />
      </div>
    </Modal>
  );
}
