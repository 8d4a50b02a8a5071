import { GET as listPlans } from "@/app/api/payments/plans/route";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Issue 25: the prices are public. A visitor without a token gets the plan table (no plan marked);
// a signed-in caller gets theirs marked; the China edition answers in yuan.

type Plans = { currency: string; currentPlan: string | null; contactUrl: string; plans: { code: string; monthlyMinutes: number; processing: string; price: { month: number } | null }[] };

beforeAll(async () => {
  await setupTestDatabase();
});

test("signed out, the plans route answers 200 with the prices and no current plan", async () => {
  const res = await call<Plans>(listPlans);
  expect(res.status).toBe(200);
  expect(res.data.currentPlan).toBeNull();
  expect(res.data.currency).toBe("USD");
  expect(res.data.contactUrl).toMatch(/^(mailto:|https?:\/\/)/);
  const byCode = Object.fromEntries(res.data.plans.map((p) => [p.code, p]));
  expect(Object.keys(byCode)).toEqual(["free", "pro", "premium", "enterprise"]);
  expect(byCode.pro!.price!.month).toBe(1999);
  expect(byCode.premium!.monthlyMinutes).toBeGreaterThan(byCode.pro!.monthlyMinutes);
  expect(byCode.premium!.processing).toBe("fastest");
  expect(byCode.pro!.processing).toBe("priority");
});

test("signed out on the China edition, prices are in yuan", async () => {
  const res = await call<Plans>(listPlans, { headers: { host: "tingji.cn" } });
  expect(res.status).toBe(200);
  expect(res.data.currency).toBe("CNY");
  expect(res.data.plans.find((p) => p.code === "pro")!.price!.month).toBe(6800);
});

test("signed in, the caller's plan is marked; a stale token is answered as a visitor", async () => {
  const u = await signIn("plans-public");
  const res = await call<Plans>(listPlans, { token: u.token });
  expect(res.data.currentPlan).toBe("free");
  const bad = await call<Plans>(listPlans, { token: "not-a-token" });
  expect(bad.status).toBe(200);
  expect(bad.data.currentPlan).toBeNull();
});
