"use client";
// The upgrade prompt for a Pro export (PDF, .xmind) asked for on a free plan: the one
// upgrade-to-Pro dialog, with what Pro gives and the plans page, never a raw error.
import { useTranslations } from "next-intl";
import { UpgradeProDialog } from "@/components/billing/UpgradePro";

export function ProRequiredDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("exports.upgrade");
  return <UpgradeProDialog title={t("title")} onClose={onClose} testId="export-pro-required" closeTestId="export-pro-ok" />;
}
