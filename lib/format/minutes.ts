// Minutes as shown anywhere: the header's usage, the account panel, the upload and import
// dialogs, the out-of-credits dialog and the usage-limit message. Billing itself is in whole
// seconds (lib/billing/ledger.ts); this is only how those seconds read. docs/billing.md.
// Plain functions, browser-safe.

/** Minutes to show: one decimal under 10 (0.1, 2.9, 9.9), whole minutes from 10 (10, 299, 5,000); nearest, half up. */
export function shownMinutes(minutes: number): number {
  if (!Number.isFinite(minutes)) return 0;
  const tenths = Math.round(minutes * 10 + 1e-9) / 10;
  return Math.abs(tenths) < 10 ? tenths : Math.round(minutes + 1e-9);
}

/** The same for a number of seconds. */
export function shownMinutesOfSeconds(seconds: number): number {
  return shownMinutes(seconds / 60);
}

/** Minutes in the locale's digits ("2.9", "2,9", "5,000"), by the rule of shownMinutes. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(shownMinutes(minutes));
}
