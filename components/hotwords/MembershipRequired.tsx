"use client";
// Shown instead of the manager when the server says hotwords need Pro (403
// hotwords.membershipRequired): the one upgrade prompt, never a raw error.
import { useTranslations } from "next-intl";
import { UpgradeProPanel } from "@/components/billing/UpgradePro";
import { MAX_HOTWORDS } from "@/lib/hotwords/hotword.schema";

export function MembershipRequired({ onClose }: { onClose: () => void }) {
  const t = useTranslations("hotwords.membership");
  return (
    <UpgradeProPanel
      title={t("title")}
      details={t("body", { limit: MAX_HOTWORDS })}
      onClose={onClose}
      testId="hotword-membership-required"
      closeTestId="hotword-membership-close"
    />
  );
}
