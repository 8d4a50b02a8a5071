"use client";
// The quota estimate shown before a document or text import is confirmed:
// minutes per document, the total, and what is left of the month's plan.
import { useLocale, useTranslations } from "next-intl";
import { formatMinutes, shownMinutes } from "@/lib/format/minutes";
import { IconDoc } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import type { DocumentEstimate } from "@/lib/imports/imports.client";
import { TEXT_BYTES_PER_MINUTE } from "@/lib/documents/limits";
import upload from "@/components/upload/upload.module.css";
import styles from "./imports.module.css";

export function DocumentEstimateView({ estimate }: { estimate: DocumentEstimate }) {
  const t = useTranslations("imports.estimate");
  const terr = useTranslations("errors");
  const locale = useLocale();
  const { usage, totalMinutes, fits } = estimate;
  const num = (n: number) => formatMinutes(n, locale);
  const leftAfter = Math.max(0, usage.totalSeconds - usage.usedSeconds - estimate.totalSeconds) / 60;

  return (
    <section className={styles.estimate} data-testid="document-estimate" data-total-minutes={totalMinutes} data-total-seconds={estimate.totalSeconds} data-fits={fits ? "true" : "false"} aria-live="polite">
      <p className={styles.note}>{t("intro")}</p>
      <ul className={`${upload.fileList} ${upload.fileListShort}`}>
        {estimate.items.map((item, i) => (
          <li key={`${item.name}-${i}`} className={upload.fileRow} data-testid="document-estimate-item" data-name={item.name} data-minutes={item.minutes}>
            <span className={upload.fileIcon}>
              <IconDoc />
            </span>
            <span className={upload.fileMain}>
              <span className={upload.fileName} title={item.name}>
                {item.name}
              </span>
              <span className={upload.fileMeta}>{t("chars", { count: item.chars })}</span>
            </span>
            <span className={styles.estimateMinutes}>{t("minutes", { count: shownMinutes(item.minutes) })}</span>
          </li>
        ))}
      </ul>
      <div className={styles.estimateTotal}>
        <span>{t("total")}</span>
        <span data-testid="document-estimate-total">{t("minutes", { count: shownMinutes(totalMinutes) })}</span>
      </div>
      <p className={styles.muted}>{t("billing", { bytes: TEXT_BYTES_PER_MINUTE })}</p>
      <p className={styles.note} data-testid="document-estimate-usage">
        {t("usage", { used: num(usage.usedMinutes), total: num(usage.totalMinutes) })}
        {fits ? ` ${t("leftAfter", { left: num(leftAfter) })}` : ""}
      </p>
      {fits ? null : (
        <div className={ui.alert} role="alert" data-testid="document-estimate-over">
          {terr("upload.usageLimit", { used: num(usage.usedMinutes), total: num(usage.totalMinutes), needed: num(totalMinutes) })}
        </div>
      )}
    </section>
  );
}
