"use client";
// Rewards (opened from the header): invite friends through the referral link, and redeem
// a promo code. A redeemed code refreshes the bonus minutes here and the usage total
// in the header (onUsageChange).
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/tasks/Modal";
import { rewardsApi, type ReferralInfo } from "@/lib/client/rewards";
import { PromoCodeForm } from "./PromoCodeForm";
import { ReferralSection } from "./ReferralSection";
import styles from "./rewards.module.css";

export function RewardsDialog({ onClose, onUsageChange }: { onClose: () => void; onUsageChange: () => void }) {
  const t = useTranslations("rewards");
  const [info, setInfo] = useState<ReferralInfo | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setInfo(await rewardsApi.referralInfo());
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Modal title={t("title")} onClose={onClose} wide testId="rewards-dialog">
      <div className={styles.body}>
        <ReferralSection info={info} error={error} onRetry={() => void load()} />
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
