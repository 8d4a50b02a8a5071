import "server-only";
import type { Edition } from "@/lib/edition/edition";
import { env } from "@/lib/server/env";
import { currencyOf, isPurchasable, monthlyMinutesFor, planPrices, processingTierOf, shownPlans, type Currency, type PlanPrice, type ProcessingTier } from "./plans";
import { alipayConfigured } from "./alipay";
import { cardPaymentConfigured } from "./stripe";

export interface PlanOffer {
  code: string;
  monthlyMinutes: number;
  /** In the currency's smallest unit (cents, fen); null when not sold online. */
  price: PlanPrice | null;
  purchasable: boolean;
  /** How fast its transcriptions are decoded when the worker is busy. */
  processing: ProcessingTier;
}

export interface PlansAnswer {
  currency: Currency;
  /** null for a visitor who is not signed in (the plans page and the landing page are public). */
  currentPlan: string | null;
  /** Where Enterprise's "Contact us" goes (CONTACT_URL). */
  contactUrl: string;
  cardPayment: boolean;
  /** How this edition pays: Alipay on the China edition, card elsewhere. */
  payWith: "card" | "alipay";
  alipayPayment: boolean;
  plans: PlanOffer[];
}

/** GET /api/payments/plans: the plan table in the edition's currency, with the caller's plan marked (when signed in). */
export function listPlans(edition: Edition, currentPlan: string | null): PlansAnswer {
  const currency = currencyOf(edition);
  return {
    currency,
    currentPlan,
    contactUrl: env().CONTACT_URL,
    cardPayment: cardPaymentConfigured(),
    payWith: edition === "china" ? "alipay" : "card",
    alipayPayment: alipayConfigured(),
    plans: shownPlans.map((code) => ({ code, monthlyMinutes: monthlyMinutesFor(code), price: planPrices[code]?.[currency] ?? null, purchasable: isPurchasable(code), processing: processingTierOf(code) })),
  };
}
