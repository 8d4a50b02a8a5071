import "server-only";
import type { Edition } from "@/lib/edition/edition";
import { currencyOf, isPurchasable, monthlyMinutesFor, planPrices, shownPlans, type Currency, type PlanPrice } from "./plans";
import { alipayConfigured } from "./alipay";
import { cardPaymentConfigured } from "./stripe";

export interface PlanOffer {
  code: string;
  monthlyMinutes: number;
  /** In the currency's smallest unit (cents, fen); null when not sold online. */
  price: PlanPrice | null;
  purchasable: boolean;
}

export interface PlansAnswer {
  currency: Currency;
  currentPlan: string;
  cardPayment: boolean;
  /** How this edition pays: Alipay on the China edition, card elsewhere. */
  payWith: "card" | "alipay";
  alipayPayment: boolean;
  plans: PlanOffer[];
}

/** GET /api/payments/plans: the plan table in the edition's currency, with the caller's plan marked. */
export function listPlans(edition: Edition, currentPlan: string): PlansAnswer {
  const currency = currencyOf(edition);
  return {
    currency,
    currentPlan,
    cardPayment: cardPaymentConfigured(),
    payWith: edition === "china" ? "alipay" : "card",
    alipayPayment: alipayConfigured(),
    plans: shownPlans.map((code) => ({ code, monthlyMinutes: monthlyMinutesFor(code), price: planPrices[code]?.[currency] ?? null, purchasable: isPurchasable(code) })),
  };
}
