import { SMS_LOOPBACK_PORT } from "./phone-login.env";
import { POST as sendCode } from "@/app/api/auth/phone/send-code/route";
import { POST as codeLogin } from "@/app/api/auth/phone/code-login/route";
import { POST as phoneSignIn } from "@/app/api/auth/phone/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as referralInfo } from "@/app/api/referral/info/route";
import { prisma } from "@/lib/server/prisma";
import { redis, redisKey } from "@/lib/server/redis";
import { sha256 } from "@/lib/auth/tokens";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";
import { startLoopbackSms, type LoopbackSms } from "@/tests/helpers/loopback-sms";

// Phone login on the China edition (terms agreement, number and code checks, the sign-in routes and
// their error messages; docs/auth.md "China edition and phone login") through the real route handlers,
// database and Redis, against a loopback SMS proxy that speaks the SMS proxy's contract over real HTTP.
jest.setTimeout(60_000);

const china = { host: "tingji.cn" };
// Answers on the China edition are in Chinese (forced); tests compare the catalogue key.
const failure = (res: { status: number; data: unknown }) => [res.status, (res.data as { error?: string } | null)?.error];
let sms: LoopbackSms;
let seq = 0;

/** A fresh mainland number per test, so the 60 s rule of one never meets another. */
function newPhone(): string {
  seq++;
  return `139${String(Date.now() % 100_000).padStart(5, "0")}${String(seq).padStart(3, "0")}`;
}

async function send(phone: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = china) {
  return call<{ phone: string; resend_after: number }>(sendCode, { json: { phone, terms_accepted: true, turnstile_token: await solvedHumanToken(), ...extra }, headers });
}
const check = (phone: string, code: string) => call<{ accesstoken: string; expires_in: number }>(codeLogin, { json: { phone, code }, headers: china });
const redeem = (accesstoken: string, extra: Record<string, unknown> = {}) =>
  call<{ access_token: string; device_id: string; user_info: { id: string; phone: string; username: string; edition: string; ui_language: string } }>(phoneSignIn, {
    json: { accesstoken, device_id: "web_Phone001", ...extra },
    headers: china,
  });

/** Sends a code, checks it and signs in: the whole flow. */
async function phoneLogin(phone: string, extra: Record<string, unknown> = {}) {
  expect((await send(phone)).code).toBe(200);
  const ticket = await check(phone, sms.lastCode(`86${phone}`)!);
  expect(ticket.code).toBe(200);
  return redeem(ticket.data.accesstoken, extra);
}

beforeAll(async () => {
  await setupTestDatabase();
  sms = await startLoopbackSms(SMS_LOOPBACK_PORT);
});
afterAll(async () => {
  await sms.close();
});
beforeEach(() => {
  sms.calls.length = 0;
  sms.modes.send = sms.modes.codeLogin = sms.modes.accessToken = "ok";
});

test("send_code, code_login, access_token, then POST /api/auth/phone: the proxy sees the contract's forms; the browser gets a session", async () => {
  const phone = newPhone();
  const sent = await send(`+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
  expect(sent.code).toBe(200);
  expect(sent.data).toEqual({ phone, resend_after: 60 });
  expect(sms.calls).toEqual([{ path: "send_code", contentType: "application/x-www-form-urlencoded", form: { name: `86${phone}`, type: "1" } }]);

  const code = sms.lastCode(`86${phone}`)!;
  const ticket = await check(phone, code);
  expect(ticket.code).toBe(200);
  expect(sms.calls.map((c) => c.path)).toEqual(["send_code", "code_login", "access_token"]);
  expect(sms.calls[1]!.form).toEqual({ name: `86${phone}`, code });
  expect(Object.keys(sms.calls[2]!.form)).toEqual(["token"]);
  // Our own one-time accesstoken (256 bits), never the proxy's.
  expect(ticket.data.accesstoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(ticket.data.expires_in).toBe(300);

  const res = await redeem(ticket.data.accesstoken);
  expect(res.code).toBe(200);
  expect(Object.keys(res.data).sort()).toEqual(["access_token", "device_id", "user_info"]);
  expect(res.data.device_id).toBe("web_Phone001");
  expect(res.data.user_info).toMatchObject({ phone, username: `${phone.slice(0, 3)}****${phone.slice(7)}`, edition: "china", ui_language: "zh" });
  const me = await call<{ id: string; phone: string }>(currentUser, { token: res.data.access_token, headers: china });
  expect(me.data).toMatchObject({ id: res.data.user_info.id, phone });
  // A China account belongs to the China edition: on the international host its token is the region access notice.
  const elsewhere = await call(currentUser, { token: res.data.access_token });
  expect([elsewhere.status, elsewhere.data]).toEqual([403, { error: "auth.wrongEdition", registered_edition: "china", suggested_url: null }]);

  // The accesstoken is spent.
  const again = await redeem(ticket.data.accesstoken);
  expect(failure(again)).toEqual([400, "phone.signInExpired"]);
});

test("the same number signs in to the same account", async () => {
  const phone = newPhone();
  const first = await phoneLogin(phone);
  await redis().del(redisKey("phone", "resend", sha256(phone)));
  const second = await phoneLogin(phone);
  expect(second.data.user_info.id).toBe(first.data.user_info.id);
  expect(await prisma.user.count({ where: { phone } })).toBe(1);
});

test("an invalid phone number is refused before anything is sent", async () => {
  for (const bad of ["12345678901", "1381234567", "+852 91234567", "abc"]) {
    const res = await send(bad);
    expect(failure(res)).toEqual([400, "phone.invalidPhone"]);
  }
  const checked = await check("0211234567", "123456");
  expect(failure(checked)).toEqual([400, "phone.invalidPhone"]);
  expect(sms.calls).toEqual([]);
});

test("the terms must be accepted and a human verified before a code is sent", async () => {
  const phone = newPhone();
  const noTerms = await send(phone, { terms_accepted: false });
  expect(failure(noTerms)).toEqual([400, "phone.termsRequired"]);
  const noHuman = await call(sendCode, { json: { phone, terms_accepted: true }, headers: china });
  expect(failure(noHuman)).toEqual([400, "verify.required"]);
  expect(sms.calls).toEqual([]);
});

test("phone login belongs to the China edition", async () => {
  const res = await send(newPhone(), {}, {});
  expect(failure(res)).toEqual([403, "phone.chinaOnly"]);
  const cnSetting = await call(phoneSignIn, { json: { accesstoken: "x".repeat(43), device_id: "web_Phone001" } });
  expect(cnSetting.status).toBe(403);
});

test("resending waits 60 s, enforced by the server, even for two clicks at once", async () => {
  const phone = newPhone();
  const [a, b] = await Promise.all([send(phone), send(phone)]);
  expect([a.code, b.code].sort()).toEqual([200, 429]);
  expect(sms.calls.filter((c) => c.path === "send_code")).toHaveLength(1);
  const early = await send(phone);
  expect(early.status).toBe(429);
  expect(failure(early)).toEqual([429, "phone.resendWait"]);
  expect(early.message).toMatch(/^请等待 (59|60) 秒后再获取验证码$/);

  // Sixty seconds later (the window's TTL run down), a new code goes out.
  await redis().pexpire(redisKey("phone", "resend", sha256(phone)), 1);
  await new Promise((r) => setTimeout(r, 20));
  const later = await send(phone);
  expect(later.code).toBe(200);
  expect(sms.calls.filter((c) => c.path === "send_code")).toHaveLength(2);
});

test("send failed: the proxy's error or refusal says so, and the number may retry at once", async () => {
  const phone = newPhone();
  for (const mode of ["fail", "refuse"] as const) {
    sms.modes.send = mode;
    const res = await send(phone);
    expect(failure(res)).toEqual([502, "phone.sendFailed"]);
  }
  sms.modes.send = "ok";
  expect((await send(phone)).code).toBe(200);
});

test("an unreachable proxy is a send failure too", async () => {
  await sms.close();
  try {
    const res = await send(newPhone());
    expect(failure(res)).toEqual([502, "phone.sendFailed"]);
  } finally {
    sms = await startLoopbackSms(SMS_LOOPBACK_PORT);
  }
});

test("a wrong code is refused, and tries per number are capped", async () => {
  const phone = newPhone();
  expect((await send(phone)).code).toBe(200);
  const right = sms.lastCode(`86${phone}`)!;
  const wrong = right === "000000" ? "111111" : "000000";
  const res = await check(phone, wrong);
  expect(failure(res)).toEqual([400, "phone.wrongCode"]);
  expect(failure(await check(phone, "12ab"))).toEqual([400, "phone.wrongCode"]);
  // Five checks per number per 10 minutes here: the right code after the cap is still refused.
  for (let i = 0; i < 4; i++) await check(phone, wrong);
  const capped = await check(phone, right);
  expect(capped.status).toBe(429);
});

test("an incomplete answer from code_login or access_token is an error, never a sign-in", async () => {
  for (const step of ["codeLogin", "accessToken"] as const) {
    const phone = newPhone();
    expect((await send(phone)).code).toBe(200);
    sms.modes[step] = "incomplete";
    const res = await check(phone, sms.lastCode(`86${phone}`)!);
    expect(failure(res)).toEqual([502, "phone.incompleteAnswer"]);
    sms.modes[step] = "ok";
  }
});

test("a forged or unknown accesstoken signs nobody in", async () => {
  const res = await redeem("A".repeat(43));
  expect(failure(res)).toEqual([400, "phone.signInExpired"]);
});

test("the China edition answers in Chinese", async () => {
  const res = await call(sendCode, { json: { phone: "123", terms_accepted: true }, headers: { ...china, "x-locale": "en", "accept-language": "en" } });
  // x-locale asks for English, but zh is forced on the China edition.
  expect(res.message).toBe("请输入有效的中国大陆手机号");
});

test("a referral code credits its owner when a new phone account is made, once", async () => {
  const referrer = await signIn("phone-referrer");
  const code = (await prisma.user.findUniqueOrThrow({ where: { id: referrer.userId } })).referralCode;
  const phone = newPhone();
  const res = await phoneLogin(phone, { referral_code: code });
  expect(res.code).toBe(200);
  const info = await call<{ successful_referrals: number; referral_bonus_minutes: number }>(referralInfo, { token: referrer.token });
  expect(info.data.successful_referrals).toBe(1);
  expect(info.data.referral_bonus_minutes).toBe(100);
  // Signing in again with the code credits nothing more.
  await redis().del(redisKey("phone", "resend", sha256(phone)));
  await phoneLogin(phone, { referral_code: code });
  const after = await call<{ successful_referrals: number }>(referralInfo, { token: referrer.token });
  expect(after.data.successful_referrals).toBe(1);
});

test("a per-number daily cap stops texts after four", async () => {
  const phone = newPhone();
  for (let i = 0; i < 4; i++) {
    expect((await send(phone)).code).toBe(200);
    await redis().del(redisKey("phone", "resend", sha256(phone)));
  }
  const fifth = await send(phone);
  expect(fifth.status).toBe(429);
  expect(sms.calls.filter((c) => c.path === "send_code")).toHaveLength(4);
});
