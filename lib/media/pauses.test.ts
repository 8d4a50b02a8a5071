import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { findPauses, splitAtPauses } from "./pauses";
import { readWavInfo } from "./wav";

const corpus = path.resolve(process.cwd(), "../shared/corpus");
const jfk = path.join(corpus, "single/en_jfk.wav");
let dir: string;
let long: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "pauses-"));
  // ~2 minutes: the JFK clip eleven times over (11 s each).
  long = path.join(dir, "long.wav");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-stream_loop", "10", "-i", jfk, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", long]);
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

test("findPauses finds the gaps between JFK's phrases", async () => {
  const pauses = await findPauses(jfk);
  // "... fellow Americans, | ask not | what your country can do for you, | ask what ..."
  expect(pauses.length).toBeGreaterThanOrEqual(3);
  for (const p of pauses) expect(p.endSec - p.startSec).toBeGreaterThanOrEqual(0.3 - 1e-9);
  expect(pauses.some((p) => p.startSec < 3.2 && p.endSec > 2.6)).toBe(true); // after "Americans"
});

test("splitAtPauses cuts a 2-minute file at pauses, near the target, never past the maximum", async () => {
  const total = (await readWavInfo(long)).durationSec;
  expect(total).toBeCloseTo(121, 0);
  const pauses = await findPauses(long);
  const chunks = await splitAtPauses(long, { targetChunkSec: 30, maxChunkSec: 45, outDir: path.join(dir, "chunks") });
  expect(chunks.length).toBeGreaterThanOrEqual(3);
  expect(chunks[0]!.startSec).toBe(0);
  expect(chunks.at(-1)!.endSec).toBeCloseTo(total, 3);
  for (const [i, c] of chunks.entries()) {
    expect(c.endSec - c.startSec).toBeLessThanOrEqual(45);
    if (i > 0) expect(c.startSec).toBe(chunks[i - 1]!.endSec);
    const info = await readWavInfo(c.path);
    expect(info.durationSec).toBeCloseTo(c.endSec - c.startSec, 3);
    // Every cut but the end lies inside a detected pause.
    if (i < chunks.length - 1) expect(pauses.some((p) => p.startSec <= c.endSec && c.endSec <= p.endSec)).toBe(true);
  }
  // Byte-exact: the chunks add up to the source.
  const sum = (await Promise.all(chunks.map((c) => fsp.stat(c.path)))).reduce((n, s) => n + s.size - 44, 0);
  expect(sum).toBe((await readWavInfo(long)).dataBytes);
});

test("splitAtPauses falls back to a hard cut within maxChunkSec when there is no pause", async () => {
  const tone = path.join(dir, "tone.wav");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=50", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", tone]);
  expect(await findPauses(tone)).toEqual([]);
  const chunks = await splitAtPauses(tone, { targetChunkSec: 10, maxChunkSec: 15, outDir: path.join(dir, "tone") });
  expect(chunks.length).toBeGreaterThanOrEqual(4);
  for (const c of chunks) expect(c.endSec - c.startSec).toBeLessThanOrEqual(15);
});

test("short audio stays one chunk", async () => {
  const chunks = await splitAtPauses(jfk, { targetChunkSec: 30, maxChunkSec: 45, outDir: path.join(dir, "short") });
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toMatchObject({ startSec: 0, endSec: 11 });
});
