// Without a client id Google sign-in is blocked and the development login stands in.
process.env.AUTH_DEV_TOKEN = "dev-token-google-off-123";
process.env.AUTH_DEV_USER = "dev-google-off@example.com";
process.env.AUTH_DEV_DEVICE_ID = "web_devgoog1";
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;

import { NextRequest } from "next/server";
import { GET as googleStatus, POST as plainSignIn } from "@/app/api/auth/google/route";
import { POST as webSignIn } from "@/app/api/auth/google/web/route";
import { GET as authorize } from "@/app/api/auth/google/authorize/route";
import { GET as devStatus } from "@/app/api/auth/dev/route";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";

beforeAll(async () => {
  await setupTestDatabase();
});

it("is not offered, offers the development login instead, and refuses every Google path", async () => {
  expect((await call(googleStatus)).data).toEqual({ enabled: false, dev_login: true });
  expect((await call<{ enabled: boolean }>(devStatus)).data.enabled).toBe(true);

  const started = await authorize(new NextRequest("http://localhost:3000/api/auth/google/authorize"), { params: Promise.resolve({}) });
  expect(started.status).toBe(403);
  expect(started.headers.get("location")).toBeNull();
  expect(((await started.json()) as { message: string }).message).toBe("Google sign-in is not available on this server");

  for (const route of [plainSignIn, webSignIn]) {
    // Blocked before the human check: no proof-of-work is spent on a sign-in that cannot happen.
    const res = await call(route, { json: { code: "some-code-1234", device_id: "web_abcdefgh", turnstile_token: "x" } });
    expect([res.status, res.code, res.message]).toEqual([403, 403, "Google sign-in is not available on this server"]);
  }
});

it("refuses to start in production with a Google client id but no real secret", async () => {
  const { productionSecretProblems } = await import("@/lib/server/secrets");
  const base = { NODE_ENV: "production" as const, AUTH_SECRET: "e2e-secret-0123456789-0123456789-0123456789" };
  expect(productionSecretProblems(base)).toEqual([]);
  for (const secret of [undefined, "", "changeme", "your-secret-here"]) {
    expect(productionSecretProblems({ ...base, GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: secret })).toEqual([expect.stringContaining("GOOGLE_CLIENT_SECRET")]);
  }
  expect(productionSecretProblems({ ...base, GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "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s" })).toEqual([]);
});
