"use client";
// /transcribe/payment/success and /cancel (screens and routes "payment result: processing, success,
// failed verification"). Success polls the payment status until the webhook has
// marked the order paid; it gives up as "failed verification" after a while.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { paymentsApi } from "@/lib/billing/billing.client";
import theme from "@/components/ui/theme.module.css";
import styles from "@/components/billing/payments.module.css";

const POLL_MS = 1500;
const GIVE_UP_MS = 120_000;

type View = "processing" | "success" | "failed";

export function PaymentSuccess() {
  const t = useTranslations("payments.result");
  const [view, setView] = useState<View>("processing");

  useEffect(() => {
    // Stripe returns with session_id; Alipay returns with its own parameters, among them our out_trade_no.
    const search = new URLSearchParams(window.location.search);
    const sessionId = search.get("session_id") ?? search.get("out_trade_no");
    if (!sessionId) {
      setView("failed");
      return;
    }
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const { status } = await paymentsApi.status(sessionId);
        if (stopped) return;
        if (status === "paid") return setView("success");
        if (status === "failed") return setView("failed");
      } catch {
        if (stopped) return;
        return setView("failed");
      }
      if (Date.now() - started > GIVE_UP_MS) return setView("failed");
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return (
    <main className={`${theme.theme} ${styles.result}`} data-testid="payment-result" data-state={view}>
      <h1>{t(`${view}.title`)}</h1>
      <p>{t(`${view}.body`)}</p>
      {view !== "processing" && (
        <Link href={view === "success" ? "/transcribe" : "/transcribe/payment/plans"} className={styles.link}>
          {t(view === "success" ? "toApp" : "toPlans")}
        </Link>
      )}
    </main>
  );
}

export function PaymentCancel() {
  const t = useTranslations("payments.result");
  return (
    <main className={`${theme.theme} ${styles.result}`} data-testid="payment-cancel">
      <h1>{t("cancel.title")}</h1>
      <p>{t("cancel.body")}</p>
      <Link href="/transcribe/payment/plans" className={styles.link}>
        {t("toPlans")}
      </Link>
    </main>
  );
}
