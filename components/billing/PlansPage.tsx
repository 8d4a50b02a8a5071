"use client";
// /transcribe/payment/plans (screens and routes, issue 11): the plan table with a monthly/yearly
// switch, prices in the edition's currency (the server decides), the current plan
// marked, and card checkout through Stripe (Alipay on the China edition); without keys it says payment is not set up.
// Public (issue 25): the server renders the plans for everyone; a visitor gets "Sign in to subscribe",
// which returns here after signing in, and a signed-in user's plan and subscription load after.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { rememberReturnUrl, useAuth } from "@/lib/client/auth";
import { formatPrice, paymentsApi, subscriptionApi, type PlanOffer, type PlansAnswer, type SubscriptionView } from "@/lib/billing/billing.client";
import { LOGIN_PATH, PLANS_PATH } from "@/lib/client/routes";
import { toast } from "@/lib/client/toasts";
import theme from "@/components/ui/theme.module.css";
import styles from "@/components/billing/payments.module.css";
import { RenewalReminder } from "@/components/billing/RenewalReminder";
import { SubscriptionCard } from "@/components/billing/SubscriptionCard";

type Period = "month" | "year";

/** The China edition pays with Alipay (one period, no automatic renewal), the others by card. */
function payable(answer: PlansAnswer): boolean {
  return answer.payWith === "alipay" ? answer.alipayPayment : answer.cardPayment;
}

export function PlansPage({ initial }: { initial: PlansAnswer }) {
  const t = useTranslations("payments.plans");
  const { status } = useAuth();
  const signedIn = status === "authenticated";
  const [answer, setAnswer] = useState<PlansAnswer>(initial);
  const [period, setPeriod] = useState<Period>("month");
  const [busy, setBusy] = useState<string | null>(null);
  // undefined while loading; null when the caller never subscribed.
  const [subscription, setSubscription] = useState<SubscriptionView | null | undefined>(undefined);

  useEffect(() => {
    if (!signedIn) return;
    paymentsApi.plans().then(setAnswer, (e: unknown) => toast.error(errorMessage(e, t("loadFailed"))));
    subscriptionApi.get().then((a) => setSubscription(a.subscription), () => setSubscription(null));
  }, [signedIn, t]);

  const onSubscriptionChange = (next: SubscriptionView | null) => {
    setSubscription(next);
    paymentsApi.plans().then(setAnswer, () => undefined);
  };

  const buy = async (plan: string) => {
    setBusy(plan);
    try {
      const { url } = answer?.payWith === "alipay" ? await paymentsApi.alipayCheckout(plan, period) : await paymentsApi.cardCheckout(plan, period);
      window.location.assign(url);
    } catch (e) {
      toast.error(errorMessage(e, t("checkoutFailed")));
      setBusy(null);
    }
  };

  return (
    <main className={`${theme.theme} ${styles.page}`} data-testid="plans-page" data-currency={answer.currency} data-signed-in={signedIn ? "true" : "false"}>
      <header className={styles.head}>
        <Link href="/transcribe" className={styles.back}>
          {t("back")}
        </Link>
        <h1>{t("title")}</h1>
        <div className={styles.switch} role="radiogroup" aria-label={t("periodLabel")}>
          {(["month", "year"] as const).map((p) => (
            <button key={p} type="button" role="radio" aria-checked={period === p} className={period === p ? styles.on : undefined} onClick={() => setPeriod(p)}>
              {t(p === "month" ? "monthly" : "yearly")}
            </button>
          ))}
        </div>
        {signedIn && !payable(answer) && (
          <p className={styles.notice} role="status" data-testid={answer.payWith === "alipay" ? "alipay-not-configured" : "card-not-configured"}>
            {t(answer.payWith === "alipay" ? "alipayNotConfigured" : "cardNotConfigured")}
          </p>
        )}
      </header>
      {subscription !== undefined && <RenewalReminder subscription={subscription} />}
      {subscription !== undefined && <SubscriptionCard subscription={subscription} onChange={onSubscriptionChange} />}
      <ul className={styles.grid}>
        {answer.plans.map((plan) => (
          <PlanCard key={plan.code} plan={plan} period={period} answer={answer} signedIn={signedIn} busy={busy === plan.code} onBuy={() => void buy(plan.code)} />
        ))}
      </ul>
    </main>
  );
}

interface PlanCardProps {
  plan: PlanOffer;
  period: Period;
  answer: PlansAnswer;
  signedIn: boolean;
  busy: boolean;
  onBuy: () => void;
}

function PlanCard({ plan, period, answer, signedIn, busy, onBuy }: PlanCardProps) {
  const t = useTranslations("payments.plans");
  const locale = useLocale();
  const current = plan.code === answer.currentPlan;
  const price = plan.price ? formatPrice(plan.price[period], answer.currency, locale) : null;
  return (
    <li className={current ? `${styles.card} ${styles.current}` : styles.card} data-testid={`plan-${plan.code}`} aria-current={current ? "true" : undefined}>
      <h2>{t(`names.${plan.code}`)}</h2>
      {current && <span className={styles.badge}>{t("current")}</span>}
      <p className={styles.price} data-testid={`price-${plan.code}`}>
        {price ? t(period === "month" ? "perMonth" : "perYear", { price }) : plan.code === "free" ? t("freePrice") : t("customPrice")}
      </p>
      <p className={styles.minutes}>{t("minutes", { minutes: plan.monthlyMinutes })}</p>
      <p className={styles.processing}>{t(`processing.${plan.processing}`)}</p>
      <p className={styles.blurb}>{t(`blurbs.${plan.code}`)}</p>
      {plan.code === "enterprise" && (
        <a className={`${ui.btn} ${ui.ghost}`} href={answer.contactUrl} data-testid="contact-enterprise">
          {t("contactUs")}
        </a>
      )}
      {plan.purchasable && !signedIn && (
        <Link href={LOGIN_PATH} className={`${ui.btn} ${ui.primary}`} onClick={() => rememberReturnUrl(PLANS_PATH)} data-testid={`signin-${plan.code}`}>
          {t("signInToSubscribe")}
        </Link>
      )}
      {plan.purchasable && signedIn && !current && (
        <button type="button" className={`${ui.btn} ${ui.primary}`} disabled={!payable(answer) || busy} onClick={onBuy} data-testid={`buy-${plan.code}`}>
          {busy ? t("redirecting") : t(answer.payWith === "alipay" ? "payWithAlipay" : "subscribe")}
        </button>
      )}
    </li>
  );
}
