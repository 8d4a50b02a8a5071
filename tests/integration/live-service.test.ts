import { SPEECH_PORT } from "./live-service.env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLiveDecoding } from "@/lib/live/live-runner";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { composeRecording, gridReference, shifted } from "@/bench/lib/time-references";
import { CORPUS } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { startListeningSpeech, type ListeningSpeech } from "@/tests/helpers/listening-speech";
import { finishLive, storedRecording } from "@/tests/helpers/live";
import { signIn } from "@/tests/helpers/users";

// Live text with an OpenAI-compatible speech API configured (docs/live.md "Live text"): each utterance goes to
// the API as it ends, on its own, and its text becomes that utterance's final text. The API here is a loopback
// server that really listens (pocketsphinx behind the OpenAI protocol). The recording is the GRID sentence twice
// with 2 s of silence after each, so its word alignment (an outside reference) says what each utterance holds.
jest.setTimeout(120_000);

let tmp: string;
let listening: ListeningSpeech;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("live-service");
  listening = await startListeningSpeech(SPEECH_PORT);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-live-service-"));
});

afterAll(async () => {
  await listening?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("each utterance is sent to the speech API as it ends, and its answer is that utterance's final text", async () => {
  const grid = path.join(tmp, "grid.wav");
  await normalizeToWav(path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"), grid);
  const file = path.join(tmp, "twice.wav");
  const starts = await composeRecording(file, [{ wav: grid }, { silenceSec: 2 }, { wav: grid }, { silenceSec: 2 }]);
  const copies = [shifted(gridReference().speech, starts[0]!), shifted(gridReference().speech, starts[2]!)];
  const info = await readWavInfo(file);
  const pcm = fs.readFileSync(file).subarray(info.dataOffset, info.dataOffset + info.dataBytes);

  const rec = await storedRecording(user.token, pcm);
  const stop = new AbortController();
  const run = runLiveDecoding(rec.session.id, stop.signal);
  await rec.decoded(rec.recordedSec);
  expect((await finishLive(user.token, rec.session.id, rec.lastSeq)).code).toBe(200);
  await run;
  stop.abort();
  await rec.close();

  const spoken = rec.finals().filter((s) => s.text);
  // One request per utterance, each carrying that utterance's audio only (the sentence, its lead-in and closing silence).
  expect(listening.uploads).toHaveLength(2);
  expect(spoken).toHaveLength(2);
  for (const [k, words] of copies.entries()) {
    const first = Math.min(...words.map((w) => w.start));
    const last = Math.max(...words.map((w) => w.end));
    expect(spoken[k]!.startSec).toBeLessThanOrEqual(first);
    expect(spoken[k]!.endSec).toBeGreaterThanOrEqual(last);
    expect(spoken[k]!.endSec).toBeLessThan(last + 1.5);
    expect(listening.uploads[k]).toBeGreaterThanOrEqual(last - first);
    expect(listening.uploads[k]).toBeLessThan(last - first + 2.5);
    // The final text is the API's answer for that utterance, not the embedded engine's partial words.
    expect(spoken[k]!.text.replace(/\s+/g, " ").trim()).toBe(listening.answers[k]!.replace(/\s+/g, " ").trim());
  }
});
