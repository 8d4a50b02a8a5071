// Plan minutes per month (roles and permissions, business limits). Plain data: the browser may import it.
export const planMinutes: Record<string, number> = {
  free: 300,
  trial: 300,
  pro: 5000,
  premium: 12000,
  enterprise: 20000,
};

export function monthlyMinutesFor(planCode: string): number {
  return planMinutes[planCode] ?? planMinutes.free!;
}

/** Share of the monthly total at which the upload dialog warns (validation rules "a large share"). */
export const LARGE_SHARE_WARNING = 0.2;

/** Plans with the Pro features (hotwords, MCP, XMind export, ...): every paid plan and the trial. */
export const proPlans = ["pro", "premium", "enterprise", "trial"] as const;

export function hasProFeatures(planCode: string): boolean {
  return (proPlans as readonly string[]).includes(planCode);
}

/**
 * Upload limits of plans without the Pro features (docs/billing.md "Very large files and batch"):
 * one file of at most 100 MB per upload. Pro plans get business limits's limits for everyone's
 * maximum (300 MB audio, 400 MB video, 10 files per upload: lib/media/limits.ts).
 */
export const FREE_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const FREE_FILES_PER_UPLOAD = 1;

/**
 * BullMQ priority of a user's jobs (lower runs first; 0, "no priority", would run before
 * every prioritised job, so every job gets one): Pro plans get priority processing (roles and permissions).
 */
export const JOB_PRIORITY = { pro: 1, free: 10 } as const;

export function jobPriorityFor(planCode: string): number {
  return hasProFeatures(planCode) ? JOB_PRIORITY.pro : JOB_PRIORITY.free;
}

/**
 * How fast a plan's transcriptions are decoded when the worker is busy (docs/billing.md "How the
 * plans differ"): the decoder slots serve a user's chunks in proportion to this tier's weight
 * (lib/speech/decoder-slots.ts). "fastest" is Premium's (and Enterprise's) edge over Pro.
 */
export type ProcessingTier = "standard" | "priority" | "fastest";

export function processingTierOf(planCode: string): ProcessingTier {
  if (planCode === "premium" || planCode === "enterprise") return "fastest";
  return hasProFeatures(planCode) ? "priority" : "standard";
}

// Prices (docs/billing.md "Plans and prices"), in cents (USD) and fen (CNY).
// null: not sold online (free is the default, trial is granted, enterprise is by contract).
export type Currency = "USD" | "CNY";
export type BillingPeriodCode = "month" | "year";
export interface PlanPrice {
  month: number;
  year: number;
}

export const planPrices: Record<string, Record<Currency, PlanPrice> | null> = {
  free: null,
  trial: null,
  pro: { USD: { month: 1999, year: 19990 }, CNY: { month: 6800, year: 68000 } },
  premium: { USD: { month: 2999, year: 29990 }, CNY: { month: 9800, year: 98000 } },
  enterprise: null,
};

/** Plans someone pays for: their users see no "Upgrade" link in the header (the free plan and the trial do). */
export function isPaidPlan(planCode: string): boolean {
  return planCode === "pro" || planCode === "premium" || planCode === "enterprise";
}

/** Plans shown on the plans page, in order. */
export const shownPlans = ["free", "pro", "premium", "enterprise"] as const;

/** Plans that can be bought by card on the plans page. */
export const purchasablePlans = ["pro", "premium"] as const;
export type PurchasablePlan = (typeof purchasablePlans)[number];

export function isPurchasable(planCode: string): planCode is PurchasablePlan {
  return (purchasablePlans as readonly string[]).includes(planCode);
}

/** A price in the currency's smallest unit, shown in the user's language. */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: amount % 100 === 0 ? 0 : 2 }).format(amount / 100);
}

/** The currency of an edition: CNY on the China edition, USD elsewhere. */
export function currencyOf(edition: "international" | "china"): Currency {
  return edition === "china" ? "CNY" : "USD";
}
