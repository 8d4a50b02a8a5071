import "./verify.env";
import { GET as challengeRoute } from "@/app/api/verify/challenge/route";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as complianceCheck } from "@/app/api/auth/compliance-check/route";
import { GET as health } from "@/app/api/health/route";
import { createAltchaChallenge } from "@/lib/verify/altcha";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { fetchChallenge, tokenFor } from "@/tests/helpers/human";

// Human verification with the offline ALTCHA proof-of-work (no Turnstile keys), the compliance
// check and the restricted-region rule (docs/auth.md "Human verification and regions").

beforeAll(async () => {
  await setupTestDatabase();
});

let n = 0;
const email = () => `human${++n}-${Date.now()}@example.com`;
const send = (json: Record<string, unknown>, headers?: Record<string, string>) => call<{ error?: string }>(sendLink, { json: { origin: "transcribe", ...json }, headers });
const linksFor = (address: string) => prisma.loginLink.count({ where: { email: address } });

describe("ALTCHA proof-of-work on the login-link send", () => {
  test("the challenge route hands out a signed PBKDF2 challenge, never cached", async () => {
    const res = await call<{ provider: string; challenge: { parameters: Record<string, unknown>; signature: string } }>(challengeRoute);
    expect(res.code).toBe(200);
    expect(res.data.provider).toBe("altcha");
    expect(res.data.challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    expect(res.data.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(res.data.challenge.parameters.expiresAt)).toBeGreaterThan(Date.now() / 1000 + 500);
    const raw = await challengeRoute(new (await import("next/server")).NextRequest("http://localhost:3000/api/verify/challenge"), { params: Promise.resolve({}) });
    expect(raw.headers.get("cache-control")).toBe("no-store");
  });

  test("a solved challenge starts the login; the link is mailed", async () => {
    const address = email();
    const res = await send({ email: address, turnstile_token: await tokenFor(await fetchChallenge()) });
    expect(res.code).toBe(200);
    expect(await linksFor(address)).toBe(1);
  });

  test("required: no token, or an empty one, starts nothing (in the caller's language)", async () => {
    const address = email();
    const none = await send({ email: address });
    expect([none.status, none.data.error, none.message]).toEqual([400, "verify.required", "Please complete the human verification"]);
    const empty = await send({ email: address, turnstile_token: "  " }, { "x-locale": "zh" });
    expect([empty.status, empty.data.error, empty.message]).toEqual([400, "verify.required", "请完成人机验证"]);
    expect(await linksFor(address)).toBe(0);
  });

  test("failed: garbage, a wrong answer, or altered parameters", async () => {
    const address = email();
    const garbage = await send({ email: address, turnstile_token: "bm90LWEtdG9rZW4=" });
    expect([garbage.status, garbage.data.error, garbage.message]).toEqual([403, "verify.failed", "Human verification failed, please try again"]);

    const challenge = await fetchChallenge();
    const good = JSON.parse(Buffer.from(await tokenFor(challenge), "base64").toString()) as { challenge: { parameters: Record<string, unknown> }; solution: { counter: number; derivedKey: string } };
    const wrongAnswer = { ...good, solution: { counter: good.solution.counter + 1, derivedKey: good.solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0")) } };
    const wrong = await send({ email: address, turnstile_token: Buffer.from(JSON.stringify(wrongAnswer)).toString("base64") });
    expect(wrong.data.error).toBe("verify.failed");

    // A cheaper challenge made up by the client: the signature no longer matches.
    const cheaper = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
    const altered = await send({ email: address, turnstile_token: Buffer.from(JSON.stringify(cheaper)).toString("base64") });
    expect(altered.data.error).toBe("verify.failed");
    expect(await linksFor(address)).toBe(0);
  });

  test("expired: a challenge past its time is refused even when solved", async () => {
    const address = email();
    const old = await createAltchaChallenge({ expiresAt: new Date(Date.now() - 1000) });
    const res = await send({ email: address, turnstile_token: await tokenFor(old) });
    expect([res.status, res.data.error, res.message]).toEqual([403, "verify.expired", "Human verification expired, please verify again"]);
    expect(await linksFor(address)).toBe(0);
  });

  test("replayed: a solved token counts once, even when sent twice at the same time", async () => {
    const address = email();
    const token = await tokenFor(await fetchChallenge());
    const [a, b] = await Promise.all([send({ email: address, turnstile_token: token }), send({ email: address, turnstile_token: token })]);
    const codes = [a.data?.error ?? a.code, b.data?.error ?? b.code].sort();
    expect(codes).toEqual([200, "verify.replayed"].sort());
    const again = await send({ email: address, turnstile_token: token }, { "x-locale": "de" });
    expect([again.status, again.data.error, again.message]).toEqual([403, "verify.replayed", "Diese Bestätigung wurde bereits verwendet, bitte bestätigen Sie erneut"]);
    expect(await linksFor(address)).toBe(1);
  });
});

describe("compliance check (region access notice)", () => {
  beforeAll(async () => {
    await prisma.user.create({ data: { email: "cn-user@example.com", username: "cn", edition: "china", referralCode: "CNUSER01" } });
    await prisma.user.create({ data: { email: "intl-user@example.com", username: "intl", edition: "international", referralCode: "INTL0001" } });
  });
  const check = (address: string, host?: string) => call<{ compliant: boolean; registered_edition?: string; suggested_url?: string | null }>(complianceCheck, { json: { email: address }, headers: host ? { host } : undefined });

  test("an address of the other edition is advised to go there, with its address", async () => {
    const res = await check("CN-User@Example.com");
    expect(res.data).toEqual({ compliant: false, registered_edition: "china", suggested_url: "https://tingji.example.cn" });
    const fromChina = await check("intl-user@example.com", "cn.localhost");
    expect(fromChina.data).toEqual({ compliant: false, registered_edition: "international", suggested_url: "https://tingji.example.com" });
  });

  test("this edition's own addresses and unknown ones are compliant; a bad address is a 400", async () => {
    expect((await check("intl-user@example.com")).data).toEqual({ compliant: true });
    expect((await check("cn-user@example.com", "cn.localhost")).data).toEqual({ compliant: true });
    expect((await check("nobody@example.com")).data).toEqual({ compliant: true });
    const bad = await check("not-an-email");
    expect([bad.status, (bad.data as unknown as { error: string }).error]).toEqual([400, "common.invalidInput"]);
  });
});

describe("restricted regions (answered with body code 302 redirect_required, reason country_restricted)", () => {
  test("an API call from a restricted country is answered with the redirect, whatever the route", async () => {
    for (const country of ["KP", "ir"]) {
      const res = await call<{ reason: string; url: string }>(challengeRoute, { headers: { "x-country": country } });
      expect(res.status).toBe(451);
      expect([res.code, res.message, res.data]).toEqual([302, "redirect_required", { reason: "country_restricted", url: "https://global.example.org/restricted", country: country.toUpperCase() }]);
    }
    const address = email();
    const sendRes = await send({ email: address, turnstile_token: await tokenFor(await fetchChallenge()) }, { "x-country": "KP" });
    expect([sendRes.code, sendRes.message]).toEqual([302, "redirect_required"]);
    expect(await linksFor(address)).toBe(0);
  });

  test("other countries, no header and the health check go on as usual", async () => {
    expect((await call(challengeRoute, { headers: { "x-country": "DE" } })).code).toBe(200);
    expect((await call(challengeRoute)).code).toBe(200);
    // "xx-bad" in the list is not a country code and matches nothing.
    expect((await call(challengeRoute, { headers: { "x-country": "xx-bad" } })).code).toBe(200);
    expect((await health(new (await import("next/server")).NextRequest("http://localhost:3000/api/health", { headers: { "x-country": "KP" } }), { params: Promise.resolve({}) })).status).not.toBe(451);
  });

  test("without a trusted proxy the country header is the client's own word and is ignored", () => {
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = "0";
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { restrictedCountry } = require("@/lib/verify/region") as typeof import("@/lib/verify/region");
        expect(restrictedCountry(new Headers({ "x-country": "KP" }))).toBeNull();
      });
    } finally {
      process.env.TRUST_PROXY = saved;
    }
  });
});

test("pages without WebCrypto (plain http) solve with the plain-JavaScript PBKDF2, and the server accepts it", async () => {
  const { solveChallenge } = await import("altcha-lib");
  const { plainDeriveKey } = await import("@/lib/verify/human-check.client");
  const challenge = await fetchChallenge();
  const solution = await solveChallenge({ challenge, deriveKey: plainDeriveKey });
  expect(solution).not.toBeNull();
  const token = Buffer.from(JSON.stringify({ challenge, solution: { counter: solution!.counter, derivedKey: solution!.derivedKey } })).toString("base64");
  const address = email();
  expect((await send({ email: address, turnstile_token: token })).code).toBe(200);
  expect(await linksFor(address)).toBe(1);
});

test("a restricted region with nowhere to send people is refused plainly (403, translated), never redirected to ourselves", async () => {
  const saved = { ...process.env };
  process.env.REGION_REDIRECT_URL = "";
  process.env.CHINA_SITE_URL = "";
  try {
    await jest.isolateModulesAsync(async () => {
      const { regionRedirect } = await import("@/lib/api/region-gate");
      const { NextRequest } = await import("next/server");
      const res = await regionRedirect(new NextRequest("http://localhost:3000/api/auth/email/send", { headers: { "x-country": "KP", "x-locale": "de" } }));
      expect(res!.status).toBe(403);
      const body = (await res!.json()) as { code: number; message: string; data: { error: string; reason: string } };
      expect([body.code, body.data.error, body.data.reason]).toEqual([403, "common.requestDenied", "country_restricted"]);
      expect(body.message).not.toBe("Request denied");
    });
  } finally {
    process.env.REGION_REDIRECT_URL = saved.REGION_REDIRECT_URL;
    process.env.CHINA_SITE_URL = saved.CHINA_SITE_URL;
  }
});
