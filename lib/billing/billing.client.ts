// Typed client calls for the plans page and the payment result page (docs/billing.md).
import type { SubscriptionView } from "@/lib/billing/subscription-manage";
import type { PlanOffer, PlansAnswer } from "./plan-list";
import { api, type RequestOptions } from "@/lib/client/api";

export type { PlanOffer, PlansAnswer };

export type PaymentState = "pending" | "paid" | "failed";

export const paymentsApi = {
  plans: () => api.get<PlansAnswer>("/api/payments/plans"),
  cardCheckout: (plan: string, period: "month" | "year") => api.post<{ url: string; sessionId: string }>("/api/payments/stripe/checkout", { plan, period }),
  alipayCheckout: (plan: string, period: "month" | "year") => api.post<{ url: string; orderNo: string }>("/api/payments/alipay/checkout", { plan, period }),
  status: (sessionId: string) => api.get<{ status: PaymentState; plan: string; period: string }>("/api/payments/status", { session_id: sessionId }, { updateOverlay: false }),
};

export { formatPrice } from "@/lib/billing/plans";

// The server's answer shape, a type only (erased from the browser bundle).
export type { SubscriptionView };

type SubscriptionAnswer = { subscription: SubscriptionView | null };

export const subscriptionApi = {
  get: (opts?: RequestOptions) => api.get<SubscriptionAnswer>("/api/payments/subscription", undefined, opts),
  cancel: () => api.post<SubscriptionAnswer>("/api/payments/subscription/cancel", {}),
  continue: () => api.post<SubscriptionAnswer>("/api/payments/subscription/continue", {}),
};

const DAY_MS = 86_400_000;
/** How long an expired subscription is still mentioned, and how early a manual renewal is announced. */
const EXPIRED_NOTICE_DAYS = 30;
const EXPIRY_NOTICE_DAYS = 7;

export type Reminder = { kind: "expired" } | { kind: "tomorrow" } | { kind: "inDays"; days: number } | { kind: "canceling"; date: string };

/**
 * The renewal reminder a subscription calls for (states and transitions): expired, expires tomorrow,
 * expires in N days (a plan that does not renew itself), or cancel at period end.
 * A card subscription that renews itself needs none (it gets a reminder mail instead).
 */
export function reminderFor(sub: SubscriptionView | null, now = Date.now()): Reminder | null {
  if (!sub) return null;
  const left = new Date(sub.expiresAt).getTime() - now;
  if (sub.status === "expired" || sub.status === "canceled" || left <= 0) return left > -EXPIRED_NOTICE_DAYS * DAY_MS ? { kind: "expired" } : null;
  if (sub.status === "canceling") return { kind: "canceling", date: sub.expiresAt };
  if (sub.paymentMethod === "card") return null;
  const days = Math.ceil(left / DAY_MS);
  if (days <= 1) return { kind: "tomorrow" };
  return days <= EXPIRY_NOTICE_DAYS ? { kind: "inDays", days } : null;
}

/** The dismissal lasts 24 hours (business limits). */
export const REMINDER_DISMISS_MS = DAY_MS;
