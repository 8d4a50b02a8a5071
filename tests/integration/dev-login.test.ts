// The development login works only when all three settings are present.
process.env.AUTH_DEV_TOKEN = "dev-token-for-tests-123";
process.env.AUTH_DEV_USER = "Dev@Example.com";
process.env.AUTH_DEV_DEVICE_ID = "web_devdev01";

import { GET as devStatus, POST as devLogin } from "@/app/api/auth/dev/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";

beforeAll(async () => {
  await setupTestDatabase();
});

it("signs in as the configured user with the configured token", async () => {
  expect((await call<{ enabled: boolean }>(devStatus)).data.enabled).toBe(true);
  const res = await call<{ access_token: string; device_id: string; user_info: { email: string } }>(devLogin, { json: {} });
  expect(res.data).toMatchObject({ access_token: "dev-token-for-tests-123", device_id: "web_devdev01" });
  expect(res.data.user_info.email).toBe("dev@example.com");
  const me = await call<{ email: string }>(getUser, { token: "dev-token-for-tests-123" });
  expect(me.data.email).toBe("dev@example.com");
  expect((await call(getUser, { token: "dev-token-for-tests-124" })).status).toBe(401);
});
