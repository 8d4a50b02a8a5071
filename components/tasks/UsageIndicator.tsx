"use client";
// Minutes used this month against the plan's total (GET /api/usage).
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { formatMinutes } from "@/lib/format/minutes";
import type { Usage } from "@/lib/tasks/task.client";
import styles from "./header.module.css";

export function UsageIndicator({ usage }: { usage: Usage | null }) {
  const t = useTranslations("app.usage");
  const format = useFormatter();
  const locale = useLocale();
  if (!usage) return <div className={styles.usage} data-testid="usage-indicator" aria-busy="true" />;
  const ratio = usage.totalMinutes > 0 ? usage.usedMinutes / usage.totalMinutes : 1;
  const tone = ratio >= 1 ? styles.usageFull : ratio >= 0.8 ? styles.usageHigh : "";
  const used = formatMinutes(usage.usedMinutes, locale);
  const total = formatMinutes(usage.totalMinutes, locale);
  const reset = format.dateTime(new Date(usage.nextResetDate), { dateStyle: "medium" });
  const title = t("tooltip", { used, total, remaining: formatMinutes(usage.remainingMinutes, locale), date: reset });
  return (
    <div className={`${styles.usage} ${tone}`} data-testid="usage-indicator" data-used={usage.usedMinutes} data-total={usage.totalMinutes} title={title} aria-label={title}>
      <div className={styles.usageText}>
        <span className={styles.usageLabel}>{t("label")}</span>
        <span className={styles.usageValue} data-testid="usage-value">
          {t("value", { used, total })}
        </span>
      </div>
      <div className={styles.usageBar} aria-hidden="true">
        <span style={{ width: `${Math.min(100, Math.max(0, ratio * 100))}%` }} />
      </div>
    </div>
  );
}
