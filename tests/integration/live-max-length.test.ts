import "./live-max-length.env";
import { buffer } from "node:stream/consumers";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { setupTestDatabase } from "@/tests/helpers/db";
import { createLive, finishLive, getLive, putLiveChunk, toneChunk } from "@/tests/helpers/live";
import { signIn } from "@/tests/helpers/users";

// A recording session's maximum length (docs/live.md "Limits"): the warning comes from the moment fewer than
// five minutes are left, the chunk that reaches the limit is the last (the browser stops on its answer),
// a chunk past it is refused with the catalogue's message, and everything recorded becomes the task.
jest.setTimeout(60_000);

beforeAll(async () => {
  await setupTestDatabase();
});

test("at the maximum length the recording stops on the last chunk that fits, and keeps every second of it", async () => {
  const user = await signIn("live-max");
  const id = (await createLive(user.token)).data.id;
  const answers = [];
  for (let seq = 0; seq < 30; seq++) answers.push((await putLiveChunk(user.token, id, seq, toneChunk(seq, 2))).data);
  // One minute in all: under five minutes left from the first chunk, so every answer before the last warns.
  expect(answers.slice(0, 29).every((a) => a.warning === "maxLength" && !a.stop)).toBe(true);
  expect(answers[29]).toMatchObject({ stop: "maxLength", durationSec: 60 });
  expect((await getLive(user.token, id)).data.stop).toBe("maxLength");

  const past = await putLiveChunk(user.token, id, 30, toneChunk(30, 2));
  expect(past.data.error).toBe("live.maxLength");
  expect(past.message).toBe("This recording reached its maximum length of 1 minute. What was recorded is kept.");

  const fin = await finishLive(user.token, id, 29);
  expect(fin.code).toBe(200);
  const part = await prisma.mediaPart.findFirstOrThrow({ where: { taskId: fin.data.taskId! }, select: { storageKey: true, duration: true } });
  expect(part.duration).toBeCloseTo(60, 1);
  const wav = await buffer(await storage().openRead(part.storageKey));
  // 16 kHz, 16-bit mono: 60 s is 1,920,000 bytes after the 44-byte header, the 30 chunks in order.
  expect(wav.subarray(44).equals(Buffer.concat(Array.from({ length: 30 }, (_, seq) => toneChunk(seq, 2))))).toBe(true);
});
