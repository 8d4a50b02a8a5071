// Direct database steps for the account specs: what an operator or the passing of time would do.
import { Client } from "pg";
import { E2E_DATABASE_URL } from "../env";

export async function sql<T = Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

export async function userId(email: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`SELECT id FROM "User" WHERE email=$1`, [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Sets the minutes used in the free plan's current period (the calendar month, UTC). */
export async function setUsedMinutes(email: string, minutes: number): Promise<void> {
  await sql(
    `INSERT INTO "UsagePeriod" (id, "userId", "periodStart", "nextResetAt", "usedSeconds")
     VALUES ($1, $2, date_trunc('month', now() AT TIME ZONE 'UTC'), date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month', $3)
     ON CONFLICT ("userId", "periodStart") DO UPDATE SET "usedSeconds" = $3`,
    [`e2e-used-${Date.now()}-${Math.random().toString(36).slice(2)}`, await userId(email), minutes * 60],
  );
}

export async function setPlan(email: string, plan: string): Promise<void> {
  await sql(`UPDATE "User" SET "planCode"=$2 WHERE email=$1`, [email, plan]);
}

/** An Alipay-style subscription (manual renewal) of the user's, ending in `days`. */
export async function mobileSubscriptionEndingIn(email: string, days: number): Promise<void> {
  await sql(`INSERT INTO "Plan" (code, name, "monthlyMinutes") VALUES ('pro', 'pro', 5000) ON CONFLICT (code) DO NOTHING`, []);
  await sql(
    `INSERT INTO "Subscription" (id, "userId", "planCode", "priceCents", currency, status, "expiresAt", "paymentMethod", period, "cancelAtPeriodEnd", "periodStart", "updatedAt")
     VALUES ($1, $2, 'pro', 6800, 'CNY', 'active', now() + ($3 || ' days')::interval, 'mobile', 'month', true, now() - interval '27 days', now())`,
    [`e2e-sub-${Date.now()}`, await userId(email), String(days)],
  );
  await setPlan(email, "pro");
}
