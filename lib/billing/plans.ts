// Plan minutes per month (spec §6, §9). Plain data: the browser may import it.
export const planMinutes: Record<string, number> = {
  free: 300,
  trial: 300,
  pro: 5000,
  premium: 5000,
  enterprise: 20000,
};

export function monthlyMinutesFor(planCode: string): number {
  return planMinutes[planCode] ?? planMinutes.free!;
}

/** Share of the monthly total at which the upload dialog warns (spec §5 "a large share"). */
export const LARGE_SHARE_WARNING = 0.2;

/** Plans with the Pro features (hotwords, MCP, XMind export, ...): every paid plan and the trial. */
export const proPlans = ["pro", "premium", "enterprise", "trial"] as const;

export function hasProFeatures(planCode: string): boolean {
  return (proPlans as readonly string[]).includes(planCode);
}
