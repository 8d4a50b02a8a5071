// Issue 24, "Times are the recording's times": the saved timeline, through the real pipeline (upload route, queue,
// worker job, pocketsphinx, diarization), lies where outside references put the speech, and its speakers on the
// lines the reference speakers say. References: RTTM speaker turns and the GRID clip's word alignment
// (bench/lib/time-references.ts). The engine paths and long recordings: transcript-times-engines.test.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { runTranscriptionJob } from "@/workers/transcription";
import { dominantReferenceSpeaker, firstSpeechSec, gridReference, inSpeech, referenceFor, shifted } from "@/bench/lib/time-references";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";
import type { LabelledSegment } from "@/lib/diarization/der";

jest.setTimeout(180_000);

/** How far a time may sit from the reference: the width of a word's edge in the references and in the decoder. */
const TOLERANCE_SEC = 0.3;

let tmp: string;
let worker: Worker;
let workerConnection: ReturnType<typeof newRedisConnection>;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-times-"));
  user = await signIn("times");
  // Several files in one task is a Pro feature.
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
  workerConnection = newRedisConnection();
  worker = new Worker(queues.media, runTranscriptionJob, { connection: workerConnection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  await worker?.close();
  await workerConnection?.quit();
  closeBatchDecoders();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The saved rows, straight from the database, in order. */
async function finishedTimeline(taskId: string) {
  const status = await waitFor(
    "the task to finish",
    async () => {
      const res = await call<{ status: string }>(getTask, { token: user.token, params: { id: taskId } });
      return ["completed", "failed"].includes(res.data.status) && res.data.status;
    },
    { timeoutMs: 150_000 },
  );
  expect(status).toBe("completed");
  const rows = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { begin: true, end: true, text: true, speakerId: true } });
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

/** Every line begins and ends inside reference speech (± the tolerance), and the first begins where the speech does. */
function expectOnReference(rows: { begin: number; end: number; text: string }[], speech: LabelledSegment[]) {
  const outside = rows.filter((r) => !inSpeech(speech, r.begin / 1000, TOLERANCE_SEC) || !inSpeech(speech, r.end / 1000, TOLERANCE_SEC));
  expect(outside).toEqual([]);
  expect(Math.abs(rows[0]!.begin / 1000 - firstSpeechSec(speech))).toBeLessThanOrEqual(TOLERANCE_SEC);
}

async function upload(files: string[], opts: { merged?: boolean } = {}): Promise<string> {
  const form = await formWithFiles(files.map((p) => ({ path: p })), opts.merged ? { title: "Merged" } : {});
  if (opts.merged) return (await call<{ task: { id: string } }>(merge, { token: user.token, form })).data.task.id;
  return (await call<{ tasks: { id: string }[] }>(create, { token: user.token, form })).data.tasks[0]!.id;
}

it("pyannote_sample: every line where the RTTM has speech, the first at 6.69 s, speakers on the right lines", async () => {
  const reference = referenceFor("multi/pyannote_sample.wav").speech;
  const rows = await finishedTimeline(await upload([path.join(CORPUS, "multi/pyannote_sample.wav")]));
  expectOnReference(rows, reference);
  // The line spoken at 7.3 s (between "Hello" at 6.69-7.12 and "Hello" at 7.55-8.35) is the first "Hello".
  const at = rows.findLast((r) => r.begin <= 7300)!;
  expect(at.begin / 1000).toBeCloseTo(6.69, 0);

  // Speakers are joined to the text by time: each of our speakers stands for one reference speaker, and that
  // speaker does most of the talking over most of our speaker's lines.
  const referenceOf = rows.map((r) => dominantReferenceSpeaker(reference, r.begin / 1000, r.end / 1000));
  const votes = new Map<string, Map<string, number>>();
  rows.forEach((r, i) => {
    const v = votes.get(r.speakerId!) ?? new Map<string, number>();
    v.set(referenceOf[i]!, (v.get(referenceOf[i]!) ?? 0) + 1);
    votes.set(r.speakerId!, v);
  });
  const standsFor = new Map([...votes].map(([ours, v]) => [ours, [...v].sort((a, b) => b[1] - a[1])[0]![0]]));
  expect(new Set(standsFor.values()).size).toBe(standsFor.size);
  const agreeing = rows.filter((r, i) => standsFor.get(r.speakerId!) === referenceOf[i]).length;
  expect(agreeing / rows.length).toBeGreaterThan(0.5);
});

it("a video whose sound starts 2 s in: its lines are on the video's clock", async () => {
  // The GRID clip's sound placed 2 s after the picture starts, as a screen recording or an edited video has it.
  const mp4 = path.join(tmp, "late-sound.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=64x48:r=25:d=5", "-itsoffset", "2", "-i", path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"),
    "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4]);
  const rows = await finishedTimeline(await upload([mp4]));
  expectOnReference(rows, shifted(gridReference().speech, 2));
});

it("a merged task: the second file's lines start at the first file's decoded length plus their own offset", async () => {
  const first = path.join(CORPUS, "single/en_jfk.wav");
  const firstWav = path.join(tmp, "first.wav");
  await normalizeToWav(first, firstWav);
  const firstSec = (await readWavInfo(firstWav)).durationSec;
  const rows = await finishedTimeline(await upload([first, path.join(CORPUS, "multi/pyannote_sample.wav")], { merged: true }));
  const seconds = rows.filter((r) => r.begin / 1000 >= firstSec);
  // The first file's lines stay inside it; the second file's are where its RTTM says, moved by the first file's length.
  for (const r of rows.slice(0, rows.length - seconds.length)) expect(r.end / 1000).toBeLessThanOrEqual(firstSec + TOLERANCE_SEC);
  expectOnReference(seconds, shifted(referenceFor("multi/pyannote_sample.wav").speech, firstSec));
});

it("a merged task whose first file is short: no line holds the end of one file and the start of the next", async () => {
  // The 3 s GRID clip, then pyannote_sample. Both fit one decoding chunk; without a cut at the join the GRID words
  // came out garbled, starting at 0.06 s, long before the clip's reference speech (0.49 s).
  const grid = path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg");
  const gridWav = path.join(tmp, "grid-first.wav");
  await normalizeToWav(grid, gridWav);
  const joinSec = (await readWavInfo(gridWav)).durationSec;
  const rows = await finishedTimeline(await upload([grid, path.join(CORPUS, "multi/pyannote_sample.wav")], { merged: true }));
  for (const r of rows) expect(r.end / 1000 <= joinSec + TOLERANCE_SEC || r.begin / 1000 >= joinSec - TOLERANCE_SEC).toBe(true);
  const inGrid = rows.filter((r) => r.end / 1000 <= joinSec + TOLERANCE_SEC);
  expectOnReference(inGrid, gridReference().speech);
  expectOnReference(rows.slice(inGrid.length), shifted(referenceFor("multi/pyannote_sample.wav").speech, joinSec));
});
