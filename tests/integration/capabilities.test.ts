import { GET as meetingConfig } from "@/app/api/meetings/config/route";
import { GET as translationConfig } from "@/app/api/translation/config/route";
import { POST as translate } from "@/app/api/translation/route";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// What the browser learns is set up, so it offers only what works: on the default server (no
// meeting-bot provider, no AI provider) "Join a meeting" is not offered and translation says up
// front that it needs a provider. With providers: tests/integration/imports.test.ts and
// analysis-provider.test.ts.

let user: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("capabilities");
});

test("no meeting-bot provider: meetings are not enabled", async () => {
  expect((await call(meetingConfig, { token: user.token })).data).toEqual({ enabled: false });
});

test("no AI provider: translation is not enabled, and a request is refused with the same reason", async () => {
  expect((await call(translationConfig, { token: user.token })).data).toEqual({ enabled: false });
  const id = await seedTranscribedTask(user.userId, "Launch", MEETING);
  expect((await call(translate, { token: user.token, json: { task_id: id, target_language: "de" } })).data).toMatchObject({ error: "translation.needsProvider" });
});

test("signed out, both answer 401", async () => {
  for (const handler of [meetingConfig, translationConfig]) expect((await call(handler, {})).status).toBe(401);
});
