import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { assertUploadAllowed } from "@/lib/billing/upload-plan";
import { FREE_MAX_FILE_BYTES } from "@/lib/billing/plans";
import { AUDIO_MAX_BYTES } from "@/lib/media/limits";
import { prisma } from "@/lib/server/prisma";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { signIn } from "@/tests/helpers/users";

// "Very large files" and "batch" are Pro features (docs/billing.md "Very large files and batch"),
// decided by the one plan check: free is one file per upload, each up to 100 MB.

beforeAll(async () => {
  await setupTestDatabase();
});

const clips = [{ path: path.join(CORPUS, "single/en_jfk.wav") }, { path: path.join(CORPUS, "single/en_LDC93S1.wav") }];
const taskCount = (userId: string) => prisma.task.count({ where: { userId } });
const setPlan = (userId: string, planCode: string) => prisma.user.update({ where: { id: userId }, data: { planCode } });

test("a free user's batch upload is refused with the upgrade message and creates nothing; Pro and trial may batch", async () => {
  const u = await signIn("plan-batch");
  const refused = await call(create, { token: u.token, form: await formWithFiles(clips, { start: "false" }) });
  expect(refused.code).toBe(403);
  expect(refused.data).toMatchObject({ error: "upload.batchNeedsPro" });
  expect(refused.message).toMatch(/Pro/);
  expect(await taskCount(u.userId)).toBe(0);
  // One file at a time is fine, and so is merging several files into one task.
  const one = await call<{ tasks: unknown[] }>(create, { token: u.token, form: await formWithFiles([clips[0]!], { start: "false" }) });
  expect(one.code).toBe(200);
  const merged = await call(merge, { token: u.token, form: await formWithFiles(clips, { start: "false", title: "Both" }) });
  expect(merged.code).toBe(200);
  expect(await taskCount(u.userId)).toBe(2);

  for (const plan of ["pro", "trial"]) {
    await setPlan(u.userId, plan);
    const batch = await call<{ tasks: unknown[] }>(create, { token: u.token, form: await formWithFiles(clips, { start: "false" }) });
    expect(batch.code).toBe(200);
    expect(batch.data.tasks).toHaveLength(2);
  }
});

test("files over 100 MB need Pro; Pro goes up to the spec's 300 MB audio", async () => {
  const u = await signIn("plan-large");
  const big = { name: "long-meeting.wav", size: FREE_MAX_FILE_BYTES + 1 };
  await expect(assertUploadAllowed(u.userId, [{ name: "ok.wav", size: FREE_MAX_FILE_BYTES }], { batch: true })).resolves.toBeUndefined();
  await expect(assertUploadAllowed(u.userId, [big], { batch: false })).rejects.toMatchObject({ key: "upload.largeFileNeedsPro", params: { file: "long-meeting.wav", max: 100 } });
  await setPlan(u.userId, "premium");
  await expect(assertUploadAllowed(u.userId, [{ name: "a.wav", size: AUDIO_MAX_BYTES }, big], { batch: true })).resolves.toBeUndefined();
});
