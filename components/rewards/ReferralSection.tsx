"use client";
// The referral section (screens and routes account panel, entity fields Referral): the user's code, the link to
// share (copy, with "copy failed" and the link selected for copying by hand), bonus
// minutes and successful referrals. Every new account signed up through the link adds
// REFERRAL_BONUS_MINUTES.
import { useEffect, useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { REFERRAL_BONUS_MINUTES } from "@/lib/rewards/constants";
import type { ReferralInfo } from "@/lib/rewards/rewards.client";
import { toast } from "@/lib/client/toasts";
import styles from "./rewards.module.css";

export function ReferralSection({ info, error, onRetry }: { info: ReferralInfo | null; error: unknown; onRetry: () => void }) {
  const t = useTranslations("rewards.referral");
  const format = useFormatter();
  const linkId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  // The link as this browser reaches the site (APP_URL may name another host in development).
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);

  if (error && !info) {
    return (
      <section className={styles.section} data-testid="referral-section">
        <div className={styles.state} role="alert">
          <span>{errorMessage(error, t("loadFailed"))}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onRetry}>
            {t("retry")}
          </button>
        </div>
      </section>
    );
  }
  if (!info) {
    return (
      <section className={styles.section} data-testid="referral-section" aria-busy="true">
        <div className={styles.state} role="status">
          <span className={ui.spinner} aria-hidden="true" />
          {t("loading")}
        </div>
      </section>
    );
  }

  const link = origin ? `${origin}/transcribe/login?ref=${encodeURIComponent(info.code)}` : info.link;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("copied"));
    } catch {
      linkRef.current?.select();
      toast.error(t("copyFailed"));
    }
  };

  return (
    <section className={styles.section} data-testid="referral-section">
      <h3 className={styles.heading}>{t("title")}</h3>
      <p className={styles.intro}>{t("intro", { minutes: REFERRAL_BONUS_MINUTES })}</p>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t("code")}</dt>
          <dd className={styles.code} data-testid="referral-code">
            {info.code}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("bonusMinutes")}</dt>
          <dd data-testid="referral-bonus-minutes" data-value={info.bonus_minutes}>
            {format.number(info.bonus_minutes)}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("successful")}</dt>
          <dd data-testid="referral-count" data-value={info.successful_referrals}>
            {format.number(info.successful_referrals)}
          </dd>
        </div>
      </dl>
      <label className={ui.label} htmlFor={linkId}>
        {t("link")}
      </label>
      <div className={styles.row}>
        <input id={linkId} ref={linkRef} className={ui.field} value={link} readOnly onFocus={(e) => e.target.select()} data-testid="referral-link" />
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void copy()} data-testid="referral-copy">
          {t("copy")}
        </button>
      </div>
    </section>
  );
}
