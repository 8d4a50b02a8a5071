// In production the development login stays off, even with all three settings present,
// unless ALLOW_DEV_LOGIN_IN_PRODUCTION=1 (lib/server/secrets.ts; the allowed case is a unit test there).
Object.assign(process.env, {
  NODE_ENV: "production",
  AUTH_SECRET: "integration-0123456789-abcdefghij-ABCDEFGHIJ",
  AUTH_DEV_TOKEN: "dev-token-for-tests-123",
  AUTH_DEV_USER: "Dev@Example.com",
  AUTH_DEV_DEVICE_ID: "web_devdev01",
});

import { GET as devStatus, POST as devLogin } from "@/app/api/auth/dev/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";

beforeAll(async () => {
  await setupTestDatabase();
});

it("refuses the development login and its token in production", async () => {
  expect((await call<{ enabled: boolean }>(devStatus)).data.enabled).toBe(false);
  const res = await call(devLogin, { json: {} });
  expect(res.status).toBe(403);
  expect(res.message).toMatch(/./);
  expect((await call(getUser, { token: "dev-token-for-tests-123" })).status).toBe(401);
});
