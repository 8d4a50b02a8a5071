"use client";
// The header's way to the plans page (issue 25): "Upgrade" for the free plan and the trial, as
// Otter and Tingwu do; paying users see nothing here (their plan is in the account panel).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { isPaidPlan } from "@/lib/billing/plans";
import { useAuth } from "@/lib/client/auth";
import { PLANS_PATH } from "@/lib/client/routes";
import styles from "@/components/billing/payments.module.css";

export function UpgradeLink({ className }: { className?: string }) {
  const t = useTranslations("app.header");
  const { user } = useAuth();
  if (!user || isPaidPlan(user.plan)) return null;
  return (
    <Link href={PLANS_PATH} className={className ? `${styles.upgradeLink} ${className}` : styles.upgradeLink} data-testid="header-upgrade">
      {t("upgrade")}
    </Link>
  );
}
