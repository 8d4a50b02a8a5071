import { APP_URL, CLIENT_ID, CLIENT_SECRET, OIDC_PORT } from "./google-signin.env";
import { NextRequest } from "next/server";
import { GET as googleStatus, POST as plainSignIn } from "@/app/api/auth/google/route";
import { POST as webSignIn } from "@/app/api/auth/google/web/route";
import { GET as authorize } from "@/app/api/auth/google/authorize/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { codeFlagKey } from "@/lib/auth/social";
import { GOOGLE_FLOW_COOKIE } from "@/lib/auth/google";
import { prisma } from "@/lib/server/prisma";
import { redis } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { solvedHumanToken } from "@/tests/helpers/human";
import { signInAtProvider, spawnLoopbackOidc, type LoopbackOidc } from "@/tests/helpers/loopback-oidc";

// Google sign-in (docs/auth.md "Google sign-in") against a real OpenID Connect provider on
// loopback: the authorisation redirect, the provider's login and consent, the code and token
// exchange with the id token checked, and the auth:{code} flag in Redis.

let provider: LoopbackOidc;
const CALLBACK = `${APP_URL}/transcribe/callback`;

beforeAll(async () => {
  await setupTestDatabase();
  provider = await spawnLoopbackOidc({ port: OIDC_PORT, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [CALLBACK, `${APP_URL}/tools/callback`] });
}, 60_000);
afterAll(() => provider.close());

type SignInAnswer = { access_token: string; device_id: string; user_info: { id: string; email: string } };

const device = () => `web_${Math.random().toString(36).slice(2, 10).padEnd(8, "x")}`;

/** The authorize route as the browser meets it: a redirect and the flow cookie. */
async function startFlow(origin = "transcribe"): Promise<{ location: URL; cookie: string }> {
  const res = await authorize(new NextRequest(`${APP_URL}/api/auth/google/authorize?origin=${origin}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(302);
  const cookie = /^([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1]!;
  expect(cookie.startsWith(`${GOOGLE_FLOW_COOKIE}=`)).toBe(true);
  expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
  return { location: new URL(res.headers.get("location")!), cookie };
}

function postWeb(json: Record<string, unknown>, cookie?: string) {
  return call<SignInAnswer>(webSignIn, { json, headers: cookie ? { cookie } : {} });
}

it("says Google sign-in is offered, and not on the China edition", async () => {
  expect((await call(googleStatus)).data).toEqual({ enabled: true, dev_login: false });
  expect((await call(googleStatus, { headers: { host: "tingji-cn.test" } })).data).toMatchObject({ enabled: false });
  const blocked = await call(plainSignIn, { json: { code: "abcdef", device_id: device(), turnstile_token: await solvedHumanToken() }, headers: { host: "tingji-cn.test" } });
  expect([blocked.status, blocked.code]).toEqual([403, 403]);
});

it("sends the browser to the provider's authorisation page with email and profile, code, offline access and PKCE", async () => {
  const { location } = await startFlow();
  expect(location.origin).toBe(provider.url);
  const q = location.searchParams;
  expect(q.get("client_id")).toBe(CLIENT_ID);
  expect(q.get("scope")).toBe("openid email profile");
  expect(q.get("response_type")).toBe("code");
  expect(q.get("access_type")).toBe("offline");
  expect(q.get("prompt")).toBe("consent");
  expect(q.get("redirect_uri")).toBe(CALLBACK);
  expect(q.get("code_challenge_method")).toBe("S256");
  // ≥128-bit state.
  expect(Buffer.from(q.get("state")!, "base64url").length).toBeGreaterThanOrEqual(16);
  expect(new URL((await startFlow("tools")).location.searchParams.get("redirect_uri")!).pathname).toBe("/tools/callback");
});

it("signs in through the whole redirect, code and token exchange, and skips a code already processed", async () => {
  const { location, cookie } = await startFlow();
  const back = await signInAtProvider(location.toString(), "Ada.Google@Example.com");
  expect(back.origin + back.pathname).toBe(CALLBACK);
  const code = back.searchParams.get("code")!;
  const state = back.searchParams.get("state")!;
  const deviceId = device();

  const res = await postWeb({ code, state, device_id: deviceId, turnstile_token: await solvedHumanToken() }, cookie);
  expect(res.code).toBe(200);
  expect(Object.keys(res.data).sort()).toEqual(["access_token", "device_id", "user_info"]);
  expect(res.data.device_id).toBe(deviceId);
  expect(res.data.user_info.email).toBe("ada.google@example.com");
  const me = await call<{ email: string }>(getUser, { token: res.data.access_token });
  expect(me.data.email).toBe("ada.google@example.com");
  expect(await redis().get(codeFlagKey(code))).toBe("done");
  expect(await redis().ttl(codeFlagKey(code))).toBeGreaterThan(0);

  // The same code again (a second tab, a double click): skipped, never exchanged twice.
  const again = await postWeb({ code, state, device_id: deviceId, turnstile_token: await solvedHumanToken() }, cookie);
  expect([again.status, again.code]).toEqual([409, 409]);
  expect(again.message).toBe("This sign-in has already been processed. Please start again if you are not signed in.");

  // Signing in again later finds the same account.
  const second = await startFlow();
  const back2 = await signInAtProvider(second.location.toString(), "ada.google@example.com");
  const res2 = await postWeb({ code: back2.searchParams.get("code"), state: back2.searchParams.get("state"), device_id: device(), turnstile_token: await solvedHumanToken() }, second.cookie);
  expect(res2.data.user_info.id).toBe(res.data.user_info.id);
});

it("two posts of one code at the same moment: one signs in, the other is skipped", async () => {
  const { location, cookie } = await startFlow();
  const back = await signInAtProvider(location.toString(), "twin-tabs");
  const body = { code: back.searchParams.get("code"), state: back.searchParams.get("state"), device_id: device() };
  const tokens = [await solvedHumanToken(), await solvedHumanToken()];
  const [a, b] = await Promise.all(tokens.map((turnstile_token) => postWeb({ ...body, turnstile_token }, cookie)));
  expect([a.code, b.code].sort()).toEqual([200, 409]);
  expect(await prisma.session.count({ where: { deviceId: body.device_id } })).toBe(1);
});

it("frees the code's flag when the sign-in fails, so the same code can be retried", async () => {
  const { location, cookie } = await startFlow();
  const back = await signInAtProvider(location.toString(), "retry-person");
  const code = back.searchParams.get("code")!;
  const state = back.searchParams.get("state")!;

  // Without the flow cookie (another browser) and with a state that is not ours: refused, flag freed.
  const noCookie = await postWeb({ code, state, device_id: device(), turnstile_token: await solvedHumanToken() });
  expect([noCookie.status, noCookie.code]).toEqual([400, 400]);
  expect(noCookie.message).toMatch(/took too long or was started in another browser/);
  const wrongState = await postWeb({ code, state: `${state}x`, device_id: device(), turnstile_token: await solvedHumanToken() }, cookie);
  expect(wrongState.message).toMatch(/another browser/);
  expect(await redis().exists(codeFlagKey(code))).toBe(0);

  // The retry with the same code goes through.
  const ok = await postWeb({ code, state, device_id: device(), turnstile_token: await solvedHumanToken() }, cookie);
  expect(ok.code).toBe(200);
  expect(ok.data.user_info.email).toBe("retry-person@example.test");

  // A code the provider refuses: the flag is freed too.
  const bogus = await call(plainSignIn, { json: { code: "not-a-real-code-123", device_id: device(), turnstile_token: await solvedHumanToken() } });
  expect([bogus.status, bogus.code]).toEqual([400, 400]);
  expect(bogus.message).toBe("Google did not accept this sign-in. Please try again.");
  expect(await redis().exists(codeFlagKey("not-a-real-code-123"))).toBe(0);
});

it("refuses to start without a valid human-verification token, before the code is touched", async () => {
  const { location, cookie } = await startFlow();
  const back = await signInAtProvider(location.toString(), "robot");
  const code = back.searchParams.get("code")!;
  const missing = await postWeb({ code, state: back.searchParams.get("state"), device_id: device() }, cookie);
  expect(missing.code).toBe(400);
  expect(missing.message).not.toBe("");
  const forged = await postWeb({ code, state: back.searchParams.get("state"), device_id: device(), turnstile_token: "Zm9yZ2Vk" }, cookie);
  expect(forged.code).toBe(403);
  expect(await redis().exists(codeFlagKey(code))).toBe(0);
});

it("the plain variant signs in with a code from the client's own authorisation, and credits a referral on a new account", async () => {
  const referrer = await prisma.user.create({ data: { email: "referrer-google@example.com", username: "referrer", referralCode: "GOOGREF123" }, select: { id: true, bonusMinutes: true } });
  // A client (the desktop app) runs the authorisation itself, towards our callback page, without our cookie.
  const url = new URL(`${provider.url}/auth`);
  for (const [k, v] of Object.entries({ client_id: CLIENT_ID, redirect_uri: CALLBACK, response_type: "code", scope: "openid email profile", prompt: "consent", access_type: "offline" })) url.searchParams.set(k, v);
  const back = await signInAtProvider(url.toString(), "invited-by-google");
  const deviceId = device();
  const res = await call<SignInAnswer>(plainSignIn, { json: { code: back.searchParams.get("code"), device_id: deviceId, referral_code: "googref123", turnstile_token: await solvedHumanToken() } });
  expect(res.code).toBe(200);
  expect(res.data.device_id).toBe(deviceId);
  const referral = await prisma.referral.findUnique({ where: { referredUserId: res.data.user_info.id } });
  expect(referral?.referrerId).toBe(referrer.id);
  const after = await prisma.user.findUniqueOrThrow({ where: { id: referrer.id }, select: { bonusMinutes: true } });
  expect(after.bonusMinutes).toBeGreaterThan(referrer.bonusMinutes);
});
