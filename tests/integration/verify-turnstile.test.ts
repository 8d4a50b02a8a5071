import { TURNSTILE_LOOPBACK_PORT, TURNSTILE_SECRET } from "./verify-turnstile.env";
import { GET as challengeRoute } from "@/app/api/verify/challenge/route";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { verifyHumanToken } from "@/lib/verify/human";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { startLoopbackTurnstile, type LoopbackTurnstile } from "@/tests/helpers/loopback-turnstile";

// Cloudflare Turnstile (both keys set): the server asks siteverify, here a loopback server speaking its API.

let turnstile: LoopbackTurnstile;

beforeAll(async () => {
  await setupTestDatabase();
  turnstile = await startLoopbackTurnstile({ secret: TURNSTILE_SECRET, port: TURNSTILE_LOOPBACK_PORT });
});

afterAll(async () => {
  await turnstile.close();
});

let n = 0;
const email = () => `ts${++n}-${Date.now()}@example.com`;
const send = (json: Record<string, unknown>, headers?: Record<string, string>) => call<{ error?: string }>(sendLink, { json: { origin: "transcribe", ...json }, headers });

test("the widget is told to show Turnstile with the site key (no proof-of-work)", async () => {
  const res = await call(challengeRoute);
  expect(res.data).toEqual({ provider: "turnstile", site_key: "0x4AAAAAAATestSiteKey" });
});

test("a token Cloudflare issued starts the login; siteverify got our secret, the token and the client's address", async () => {
  const address = email();
  const token = turnstile.issue();
  const res = await send({ email: address, turnstile_token: token }, { "x-forwarded-for": "203.0.113.9" });
  expect(res.code).toBe(200);
  expect(await prisma.loginLink.count({ where: { email: address } })).toBe(1);
  const last = turnstile.calls.at(-1)!;
  expect(last).toEqual({ contentType: "application/x-www-form-urlencoded;charset=UTF-8", secret: TURNSTILE_SECRET, response: token, remoteip: "203.0.113.9" });
});

test("the messages: required (siteverify not asked), failed, expired (a token redeemed twice)", async () => {
  const before = turnstile.calls.length;
  const none = await send({ email: email() });
  expect([none.status, none.data.error]).toEqual([400, "verify.required"]);
  expect(turnstile.calls.length).toBe(before);

  const unknown = await send({ email: email(), turnstile_token: "0.made-up-by-a-bot" });
  expect([unknown.status, unknown.data.error, unknown.message]).toEqual([403, "verify.failed", "Human verification failed, please try again"]);

  const token = turnstile.issue();
  expect((await send({ email: email(), turnstile_token: token })).code).toBe(200);
  const twice = await send({ email: email(), turnstile_token: token }, { "x-locale": "fr" });
  expect([twice.status, twice.data.error, twice.message]).toEqual([403, "verify.expired", "La vérification humaine a expiré, veuillez recommencer"]);
});

test("Cloudflare unreachable: 503 verify.unavailable, nothing sent", async () => {
  turnstile.mode = "down";
  try {
    const address = email();
    const res = await send({ email: address, turnstile_token: turnstile.issue() });
    expect([res.status, res.data.error]).toEqual([503, "verify.unavailable"]);
    expect(await prisma.loginLink.count({ where: { email: address } })).toBe(0);
  } finally {
    turnstile.mode = "ok";
  }
});

test("verifyHumanToken itself, as the other sign-in routes call it", async () => {
  await expect(verifyHumanToken(turnstile.issue(), "unknown")).resolves.toBeUndefined();
  await expect(verifyHumanToken(undefined, "unknown")).rejects.toMatchObject({ key: "verify.required" });
  // An ALTCHA payload is no Turnstile token.
  await expect(verifyHumanToken(Buffer.from("{}").toString("base64"), "unknown")).rejects.toMatchObject({ key: "verify.failed" });
  expect(turnstile.calls.at(-1)!.remoteip).toBeUndefined();
});

test("pages allow Turnstile's frame only when it is configured", async () => {
  const { pageCsp } = await import("@/lib/server/security-headers");
  const { proxy } = await import("@/proxy");
  const { NextRequest } = await import("next/server");
  expect(pageCsp("n")).toContain("frame-src 'none'");
  expect(pageCsp("n", false, { turnstile: true })).toContain("frame-src https://challenges.cloudflare.com");
  const page = proxy(new NextRequest("http://localhost:3000/transcribe/login"));
  expect(page.headers.get("content-security-policy")).toContain("frame-src https://challenges.cloudflare.com;");
});
