// Typed client calls for the plans page and the payment result page (docs/billing.md).
import { api } from "@/lib/client/api";

export interface PlanOffer {
  code: string;
  monthlyMinutes: number;
  price: { month: number; year: number } | null;
  purchasable: boolean;
}

export interface PlansAnswer {
  currency: "USD" | "CNY";
  currentPlan: string;
  cardPayment: boolean;
  plans: PlanOffer[];
}

export type PaymentState = "pending" | "paid" | "failed";

export const paymentsApi = {
  plans: () => api.get<PlansAnswer>("/api/payments/plans"),
  cardCheckout: (plan: string, period: "month" | "year") => api.post<{ url: string; sessionId: string }>("/api/payments/stripe/checkout", { plan, period }),
  status: (sessionId: string) => api.get<{ status: PaymentState; plan: string; period: string }>("/api/payments/status", { session_id: sessionId }, { updateOverlay: false }),
};

/** A price in the currency's smallest unit, shown in the user's language. */
export function formatPrice(amount: number, currency: "USD" | "CNY", locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: amount % 100 === 0 ? 0 : 2 }).format(amount / 100);
}
