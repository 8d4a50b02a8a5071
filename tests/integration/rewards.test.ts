import "./rewards.env";
import { GET as referralInfo } from "@/app/api/referral/info/route";
import { GET as referralValidate } from "@/app/api/referral/validate/route";
import { GET as promoValidate } from "@/app/api/promo-codes/validate/[code]/route";
import { POST as promoUse } from "@/app/api/promo-codes/use/route";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { GET as usage } from "@/app/api/usage/route";
import { createPromoCode } from "@/lib/rewards/promo";
import { grantCommunityReward } from "@/lib/rewards/community";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { latestLinkToken, signIn } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";

// Referral, promo code and community reward rules (credits, limits, refusal messages), against the real database.
beforeAll(async () => {
  await setupTestDatabase();
});

let counter = 0;
/** Signs a new address in through the login link, sending a referral code at send, at verify, or both. */
async function signUp(opts: { email?: string; atSend?: string; atVerify?: string; deviceId?: string } = {}) {
  const email = opts.email ?? `ref${++counter}-${Date.now()}@example.com`;
  await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe", ...(opts.atSend ? { referral_code: opts.atSend } : {}) } });
  const res = await call<{ access_token: string; user_info: { id: string } }>(verifyLink, {
    json: { access_token: latestLinkToken(email.toLowerCase()), device_id: opts.deviceId ?? `web_${Math.random().toString(36).slice(2, 10).padEnd(8, "x")}`, ...(opts.atVerify ? { referral_code: opts.atVerify } : {}) },
  });
  expect(res.code).toBe(200);
  return { email, token: res.data.access_token, userId: res.data.user_info.id };
}

interface Info {
  code: string;
  link: string;
  bonus_minutes: number;
  successful_referrals: number;
  video_tool_bonus_uses: number;
}

async function info(token: string) {
  const res = await call<Info>(referralInfo, { token });
  expect(res.code).toBe(200);
  return res.data;
}

describe("referral", () => {
  test("info shows the code and link; validate tells a real code from a made-up one", async () => {
    const a = await signIn("referrer");
    const i = await info(a.token);
    expect(i).toMatchObject({ bonus_minutes: 0, successful_referrals: 0, video_tool_bonus_uses: 0 });
    expect(i.link).toContain(`ref=${i.code}`);
    expect((await call(referralValidate, { query: { code: i.code.toLowerCase() } })).data).toEqual({ valid: true });
    expect((await call(referralValidate, { query: { code: "NOSUCHCODE" } })).data).toEqual({ valid: false });
    expect((await call(referralValidate, {})).data).toEqual({ valid: false });
    expect((await call(referralInfo, {})).status).toBe(401);
  });

  test("a new account credits the referrer +100 minutes and +1 tool use", async () => {
    const a = await signIn("referrer");
    const { code } = await info(a.token);
    const b = await signUp({ atVerify: code });
    const c = await signUp({ atSend: code });
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 200, successful_referrals: 2, video_tool_bonus_uses: 2 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: b.userId } })).referredById).toBe(a.userId);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: c.userId } })).bonusMinutes).toBe(0);
    const u = await call<{ totalMinutes: number }>(usage, { token: a.token });
    expect(u.data.totalMinutes).toBe(300 + 200);
  });

  test("an existing account, a self-referral, an unknown code and a second credit get nothing", async () => {
    const a = await signIn("referrer");
    const { code } = await info(a.token);
    const existing = await signIn("existing");
    await signUp({ email: existing.email, atVerify: code }); // signs in again: not a new account
    await signUp({ email: a.email, atVerify: code }); // the referrer with their own code
    await signUp({ atVerify: "NOSUCHCODE" });
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 0, successful_referrals: 0 });

    const b = await signUp({ atVerify: code });
    const { creditReferral } = await import("@/lib/rewards/referral");
    const again = await Promise.all(Array.from({ length: 5 }, () => creditReferral(b.userId, code)));
    expect(again.every((x) => x === false)).toBe(true);
    expect(await creditReferral(a.userId, code)).toBe(false);
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 100, successful_referrals: 1, video_tool_bonus_uses: 1 });
  });
});

describe("referral: sign-ups that look like the referrer's own", () => {
  const refusals = async (referrerId: string) =>
    (await prisma.referral.findMany({ where: { referrerId }, select: { refusedReason: true, bonusMinutes: true }, orderBy: { createdAt: "asc" } })).map((r) => [r.refusedReason, r.bonusMinutes]);

  test("plus-addresses, Gmail dots and googlemail.com of the referrer's own mailbox credit nothing, and say why", async () => {
    const n = ++counter;
    const a = await signUp({ email: `jane.doe.${n}@gmail.com` });
    const { code } = await info(a.token);
    await signUp({ email: `janedoe${n}+1@gmail.com`, atVerify: code });
    await signUp({ email: `Jane.Doe.${n}+2@GoogleMail.com`, atVerify: code });
    await signUp({ email: `j.a.n.e.d.o.e.${n}@gmail.com`, atSend: code });
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 0, successful_referrals: 0, video_tool_bonus_uses: 0 });
    expect(await refusals(a.userId)).toEqual([["same_person", 0], ["same_person", 0], ["same_person", 0]]);
  });

  test("one mailbox brings one credit however it is written; others still credit", async () => {
    const a = await signIn("referrer");
    const { code } = await info(a.token);
    const other = `friend${++counter}-${Date.now()}`;
    await signUp({ email: `${other}+1@example.com`, atVerify: code });
    await signUp({ email: `${other}+2@example.com`, atVerify: code });
    await signUp({ email: `${other.toUpperCase()}+news@EXAMPLE.com`, atVerify: code });
    await signUp({ atVerify: code });
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 200, successful_referrals: 2 });
    expect(await refusals(a.userId)).toEqual([[null, 100], ["same_address", 0], ["same_address", 0], [null, 100]]);
    // Five plus-addresses of one new mailbox at once: judged one after another, one credit.
    const racing = `racer${++counter}-${Date.now()}`;
    await Promise.all(Array.from({ length: 5 }, (_, i) => signUp({ email: `${racing}+${i}@example.com`, atVerify: code })));
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 300, successful_referrals: 3 });
  });

  test("a sign-up from the referrer's own device, or an earlier referred account's, credits nothing", async () => {
    const a = await signIn("referrer");
    const { code } = await info(a.token);
    await signUp({ atVerify: code, deviceId: a.deviceId });
    const shared = "web_sharedxx";
    await signUp({ atVerify: code, deviceId: shared });
    await signUp({ atVerify: code, deviceId: shared });
    expect(await refusals(a.userId)).toEqual([["same_device", 0], [null, 100], ["same_device", 0]]);
    expect(await info(a.token)).toMatchObject({ bonus_minutes: 100, successful_referrals: 1 });
  });

  test("at most REFERRAL_CREDITS_PER_DAY (10) credits in any 24 hours; older ones do not count", async () => {
    const a = await signIn("referrer");
    const { code } = await info(a.token);
    const earlier = await Promise.all(
      Array.from({ length: 10 }, (_, i) => prisma.user.create({ data: { email: `earlier${i}-${a.userId}@example.com`, username: "e", referralCode: `E${i}${a.userId}`.slice(0, 20) }, select: { id: true } })),
    );
    await prisma.referral.createMany({ data: earlier.map((u) => ({ referrerId: a.userId, referredUserId: u.id })) });
    await signUp({ atVerify: code });
    expect((await refusals(a.userId)).at(-1)).toEqual(["daily_limit", 0]);
    await prisma.referral.updateMany({ where: { referredUserId: { in: earlier.map((u) => u.id) } }, data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    await signUp({ atVerify: code });
    expect((await refusals(a.userId)).at(-1)).toEqual([null, 100]);
  });
});

describe("promo codes", () => {
  test("every refusal has its own message", async () => {
    const u = await signIn("promo");
    const msg = async (code: string) => {
      const res = await call<{ error: string }>(promoUse, { token: u.token, json: { code } });
      return [res.data.error, res.message];
    };
    expect(await msg("")).toEqual(["promo.codeRequired", "Please enter a promo code."]);
    expect(await msg("   ")).toEqual(["promo.codeRequired", "Please enter a promo code."]);
    expect(await msg("NOPE-NOT-A-CODE")).toEqual(["promo.notFound", "This promo code does not exist."]);
    const off = await createPromoCode({ minutes: 10 });
    await prisma.promoCode.update({ where: { id: off.id }, data: { active: false } });
    expect(await msg(off.code)).toEqual(["promo.inactive", "This promo code is no longer active."]);
    const old = await createPromoCode({ minutes: 10, expiresAt: new Date(Date.now() - 1000) });
    expect(await msg(old.code)).toEqual(["promo.expired", "This promo code has expired."]);
    const good = await createPromoCode({ minutes: 10 });
    expect((await call(promoUse, { token: u.token, json: { code: good.code } })).code).toBe(200);
    expect(await msg(good.code)).toEqual(["promo.alreadyUsed", "You have already used this promo code."]);
    const zh = await call(promoUse, { token: u.token, json: { code: good.code }, headers: { "x-locale": "zh" } });
    expect(zh.message).toBe("您已使用过该优惠码。");
    const missing = await call(promoValidate, { token: u.token, params: { code: "NOPE-NOT-A-CODE" } });
    expect([missing.status, missing.code]).toEqual([400, 404]);
    expect((await call(promoUse, { json: { code: good.code } })).status).toBe(401);
  });

  test("validate then use: the code's minutes join the total, case and blanks aside", async () => {
    const u = await signIn("promo");
    const p = await createPromoCode({ minutes: 500, expiresAt: new Date("2099-01-31T00:00:00Z"), code: "launch-500" });
    const v = await call(promoValidate, { token: u.token, params: { code: " Launch-500 " } });
    expect(v.data).toEqual({ valid: true, code: "LAUNCH-500", minutes: 500, expires_at: "2099-01-31T00:00:00.000Z" });
    const used = await call(promoUse, { token: u.token, json: { code: "launch-500" } });
    expect(used.data).toMatchObject({ code: p.code, minutes: 500, bonus_minutes: 500 });
    expect((await call<{ totalMinutes: number }>(usage, { token: u.token })).data.totalMinutes).toBe(800);
    expect((await call<{ error: string }>(promoValidate, { token: u.token, params: { code: p.code } })).data.error).toBe("promo.alreadyUsed");
  });

  test("10 concurrent uses by one user credit exactly once", async () => {
    const u = await signIn("promo");
    const p = await createPromoCode({ minutes: 70 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<{ error?: string }>(promoUse, { token: u.token, json: { code: p.code } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.data?.error === "promo.alreadyUsed")).toHaveLength(9);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).bonusMinutes).toBe(70);
    expect(await prisma.promoRedemption.count({ where: { promoCodeId: p.id } })).toBe(1);
    expect((await prisma.promoCode.findUniqueOrThrow({ where: { id: p.id } })).usedCount).toBe(1);
  });

  test("the use limit holds across users, even when they race", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => signIn("limit")));
    const p = await createPromoCode({ minutes: 20, maxUses: 3 });
    const answers = await Promise.all(users.map((u) => call<{ error?: string }>(promoUse, { token: u.token, json: { code: p.code } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused.map((a) => a.data?.error)).toEqual(["promo.usedUp", "promo.usedUp"]);
    expect(refused[0]!.message).toBe("This promo code has reached its usage limit.");
    expect((await prisma.promoCode.findUniqueOrThrow({ where: { id: p.id } })).usedCount).toBe(3);
    expect(await prisma.promoRedemption.count({ where: { promoCodeId: p.id } })).toBe(3);
  });
});

test("guessing is slowed: at most PROMO_TRIES_PER_10_MINUTES checks and uses per user", async () => {
  const u = await signIn("guess");
  for (let i = 0; i < 30; i++) {
    const res = await call<{ error: string }>(i % 2 ? promoUse : promoValidate, { token: u.token, params: { code: `GUESS-${i}` }, json: i % 2 ? { code: `GUESS-${i}` } : undefined, method: i % 2 ? "POST" : "GET" });
    expect(res.data.error).toBe("promo.notFound");
  }
  const limited = await call<{ error: string }>(promoUse, { token: u.token, json: { code: "GUESS-31" } });
  expect([limited.status, limited.data.error]).toEqual([429, "common.rateLimited"]);
});

describe("community reward", () => {
  test("a paying member gets 1,000 minutes once; a free user and an unknown address get nothing", async () => {
    const u = await signIn("community");
    expect(await grantCommunityReward(u.email)).toBe("notPaying");
    expect(await grantCommunityReward("nobody-here@example.com")).toBe("noSuchUser");
    await prisma.user.update({ where: { id: u.userId }, data: { planCode: "pro" } });
    const results = await Promise.all(Array.from({ length: 4 }, () => grantCommunityReward(u.email)));
    expect(results.filter((r) => r === "granted")).toHaveLength(1);
    expect(results.filter((r) => r === "alreadyGranted")).toHaveLength(3);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).bonusMinutes).toBe(1000);
  });
});
