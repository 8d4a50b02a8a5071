"use client";
// The subscription card (screens and routes, states and transitions): plan, status badge, price and period, payment
// method, period end; cancel at period end and continue (undo the cancel). A mobile-payment
// (Alipay, China edition) subscription never renews by itself: "Pay again" starts a new
// page-pay for the same plan and period, which adds one period (docs/billing.md "Alipay").
import { useState } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { formatPrice, paymentsApi, subscriptionApi, type SubscriptionView } from "@/lib/billing/billing.client";
import { isPurchasable } from "@/lib/billing/plans";
import { toast } from "@/lib/client/toasts";
import styles from "@/components/billing/subscription.module.css";

const RENEWING_SOON_MS = 7 * 86_400_000;

function badgeOf(sub: SubscriptionView, now: number): { key: "active" | "expired" | "renewingSoon" | "canceling"; tone: "ok" | "warn" | "off" } {
  if (sub.status === "expired" || sub.status === "canceled") return { key: "expired", tone: "off" };
  if (sub.status === "canceling") return { key: "canceling", tone: "warn" };
  return new Date(sub.expiresAt).getTime() - now < RENEWING_SOON_MS ? { key: "renewingSoon", tone: "warn" } : { key: "active", tone: "ok" };
}

export function SubscriptionCard({ subscription, onChange }: { subscription: SubscriptionView | null; onChange: (next: SubscriptionView | null) => void }) {
  const t = useTranslations("subscription.card");
  const tp = useTranslations("payments.plans");
  const format = useFormatter();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  // The badge's "renewing soon" is judged against the time the card was shown.
  const [shownAt] = useState(() => Date.now());

  if (!subscription) {
    return (
      <section className={styles.card} data-testid="subscription-card" data-status="none">
        <h2>{t("title")}</h2>
        <p>{t("none")}</p>
      </section>
    );
  }
  const sub = subscription;
  const badge = badgeOf(sub, shownAt);
  const date = format.dateTime(new Date(sub.expiresAt), { dateStyle: "long" });
  const price = formatPrice(sub.priceCents, sub.currency === "CNY" ? "CNY" : "USD", locale);
  const act = async (which: "cancel" | "continue") => {
    setBusy(true);
    try {
      const answer = which === "cancel" ? await subscriptionApi.cancel() : await subscriptionApi.continue();
      onChange(answer.subscription);
      toast.success(t(which === "cancel" ? "canceled" : "continued", { date }));
    } catch (e) {
      toast.error(errorMessage(e, t(which === "cancel" ? "cancelFailed" : "continueFailed")));
    } finally {
      setBusy(false);
    }
  };
  const payAgain = async () => {
    setBusy(true);
    try {
      window.location.assign((await paymentsApi.alipayCheckout(sub.plan, sub.period)).url);
    } catch (e) {
      toast.error(errorMessage(e, t("payAgainFailed")));
      setBusy(false);
    }
  };
  const live = sub.status === "active" || sub.status === "canceling";
  const manual = sub.paymentMethod === "mobile" && isPurchasable(sub.plan);
  return (
    <section className={styles.card} data-testid="subscription-card" data-status={sub.status}>
      <div className={styles.row}>
        <h2>{t("planLine", { plan: tp.has(`names.${sub.plan}`) ? tp(`names.${sub.plan}`) : sub.plan })}</h2>
        <span className={styles.badge} data-tone={badge.tone} data-testid="subscription-badge">
          {t(`badge.${badge.key}`)}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t("price")}</dt>
        <dd>{tp(sub.period === "year" ? "perYear" : "perMonth", { price })}</dd>
        <dt>{t("method")}</dt>
        <dd>{t(sub.paymentMethod === "card" ? "methodCard" : "methodManual")}</dd>
        <dt>{t(!live ? "endedOn" : sub.cancelAtPeriodEnd ? "endsOn" : "renewsOn")}</dt>
        <dd data-testid="subscription-date">{date}</dd>
      </dl>
      {sub.status === "canceling" && <p>{t("cancelNote", { date })}</p>}
      {manual && <p data-testid="subscription-pay-again-note">{t("payAgainNote")}</p>}
      <div className={styles.row}>
        {sub.status === "active" && sub.provider === "stripe" && (
          <button type="button" className={ui.btn} disabled={busy} onClick={() => void act("cancel")} data-testid="subscription-cancel">
            {t("cancel")}
          </button>
        )}
        {sub.status === "canceling" && sub.provider === "stripe" && (
          <button type="button" className={`${ui.btn} ${ui.primary}`} disabled={busy} onClick={() => void act("continue")} data-testid="subscription-continue">
            {t("continue")}
          </button>
        )}
        {manual && (
          <button type="button" className={`${ui.btn} ${ui.primary}`} disabled={busy} onClick={() => void payAgain()} data-testid="subscription-pay-again">
            {t("payAgain")}
          </button>
        )}
      </div>
    </section>
  );
}
