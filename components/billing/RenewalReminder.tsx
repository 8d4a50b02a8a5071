"use client";
// The renewal reminder banner (states and transitions): expired, expires tomorrow, expires in N days,
// cancel at period end. "Dismiss" hides it for 24 hours through entity fields record
// (localStorage renewal_reminder_dismissed = {at: epoch ms}); signing out clears it.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { REMINDER_DISMISS_MS, reminderFor, subscriptionApi, type SubscriptionView } from "@/lib/billing/billing.client";
import { readJson, STORAGE_KEYS, writeJson } from "@/lib/client/storage";
import styles from "@/components/billing/subscription.module.css";

function dismissedRecently(now: number): boolean {
  const record = readJson<{ at?: number }>(STORAGE_KEYS.renewalDismissed);
  return typeof record?.at === "number" && now - record.at < REMINDER_DISMISS_MS && record.at <= now;
}

export function RenewalReminder({ subscription }: { subscription: SubscriptionView | null }) {
  const t = useTranslations("subscription.reminder");
  const format = useFormatter();
  // Read storage after mounting: the server render knows nothing of it.
  const [hidden, setHidden] = useState(true);
  useEffect(() => setHidden(dismissedRecently(Date.now())), []);
  const reminder = reminderFor(subscription);
  if (!reminder || hidden) return null;
  const text =
    reminder.kind === "inDays"
      ? t("inDays", { days: reminder.days })
      : reminder.kind === "canceling"
        ? t("canceling", { date: format.dateTime(new Date(reminder.date), { dateStyle: "long" }) })
        : t(reminder.kind);
  const dismiss = () => {
    writeJson(STORAGE_KEYS.renewalDismissed, { at: Date.now() });
    setHidden(true);
  };
  return (
    <div className={styles.reminder} role="status" data-testid="renewal-reminder" data-kind={reminder.kind}>
      <p>{text}</p>
      {reminder.kind === "expired" && (
        <Link href="/transcribe/payment/plans" className={`${ui.btn} ${ui.primary}`}>
          {t("renew")}
        </Link>
      )}
      <button type="button" className={ui.btn} onClick={dismiss} data-testid="renewal-reminder-dismiss">
        {t("dismiss")}
      </button>
    </div>
  );
}

/** The reminder on the app's home: loads the caller's subscription itself; says nothing when it cannot. */
export function HomeRenewalReminder() {
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  useEffect(() => {
    subscriptionApi.get({ updateOverlay: false }).then(
      (a) => setSubscription(a.subscription),
      () => undefined,
    );
  }, []);
  return subscription ? <RenewalReminder subscription={subscription} /> : null;
}
