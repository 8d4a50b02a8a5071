import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { composeRecording } from "@/bench/lib/time-references";
import { normalizeToWav, readWavPcm } from "./ffmpeg";
import { cutLongPauses, findPauses, splitAtPauses, timeInOriginal } from "./pauses";
import { readWavInfo } from "./wav";

const corpus = path.resolve(process.cwd(), "../shared/corpus");
const jfk = path.join(corpus, "single/en_jfk.wav");
let dir: string;
let long: string;
let grid: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "pauses-"));
  // ~2 minutes: the JFK clip eleven times over (11 s each).
  long = path.join(dir, "long.wav");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-stream_loop", "10", "-i", jfk, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", long]);
  // The GRID clip: 3 s, one phrase with no long pause inside.
  grid = path.join(dir, "grid.wav");
  await normalizeToWav(path.join(corpus, "video/grid_id2_vcd_swwp2s.mpg"), grid);
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

test("the joins of a merged recording are always cuts, even inside a chunk's length", async () => {
  const chunks = await splitAtPauses(long, { targetChunkSec: 45, maxChunkSec: 60, outDir: path.join(dir, "joined"), joinsSec: [11, 22, 23.5] });
  const starts = chunks.map((c) => c.startSec);
  for (const join of [11, 22, 23.5]) expect(starts).toContain(join);
  // Between and after the joins the usual chunking goes on: no chunk past 60 s, and the whole file is covered.
  for (const c of chunks) expect(c.endSec - c.startSec).toBeLessThanOrEqual(60);
  expect(chunks[0]!.startSec).toBe(0);
  expect(chunks.at(-1)!.endSec).toBeCloseTo((await readWavInfo(long)).durationSec, 3);
});

test("short audio stays one chunk", async () => {
  const chunks = await splitAtPauses(jfk, { targetChunkSec: 30, maxChunkSec: 45, outDir: path.join(dir, "short") });
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toMatchObject({ startSec: 0, endSec: 11 });
});

test("cutLongPauses keeps the sound, drops long silence, and maps the copy's times back to the original's", async () => {
  // 10 s of silence, the JFK clip, 20 s of silence, the JFK clip again, 5 s of silence.
  const spaced = path.join(dir, "spaced.wav");
  const [, first, , second] = await composeRecording(spaced, [{ silenceSec: 10 }, { wav: jfk }, { silenceSec: 20 }, { wav: jfk }, { silenceSec: 5 }]);
  const copy = path.join(dir, "spaced.speech.wav");
  const spans = (await cutLongPauses(spaced, copy, { minPauseSec: 1, marginSec: 0.3 }))!;
  expect(spans.length).toBeGreaterThanOrEqual(2);
  // Nothing of either clip's sound is lost, and at most the margins of the silence around them are kept.
  const kept = (sec: number) => spans.some((s) => s.startSec <= sec && sec < s.endSec);
  const jfkPauses = await findPauses(jfk);
  for (const at of [first!, second!]) {
    for (let t = 0.5; t < 10.5; t += 0.25) if (!jfkPauses.some((p) => p.startSec < t && t < p.endSec)) expect(kept(at + t)).toBe(true);
    expect(kept(at - 0.5)).toBe(false);
    expect(kept(at + 11.5)).toBe(false);
  }
  expect(spans[0]!.startSec).toBeGreaterThanOrEqual(10 - 0.3 - 1e-9);
  // Sample for sample, the copy's span is the original's stretch, and times map back to it.
  const [orig, cut] = [await readWavPcm(spaced), await readWavPcm(copy)];
  for (const s of spans) {
    const from = Math.round(s.startSec * 16000);
    const at = Math.round(s.atSec * 16000);
    expect(Array.from(cut.samples.subarray(at, at + 800))).toEqual(Array.from(orig.samples.subarray(from, from + 800)));
    expect(timeInOriginal(spans, s.atSec * 1000 + 250, "begin")).toBe(Math.round(s.startSec * 1000 + 250));
  }
  const last = spans.at(-1)!;
  expect(timeInOriginal(spans, (last.atSec + last.endSec - last.startSec) * 1000, "end")).toBe(Math.round(last.endSec * 1000));
  // A begin on the join of two spans is the later span's start; an end there, the earlier span's end.
  expect(timeInOriginal(spans, spans[1]!.atSec * 1000, "begin")).toBe(Math.round(spans[1]!.startSec * 1000));
  expect(timeInOriginal(spans, spans[1]!.atSec * 1000, "end")).toBe(Math.round(spans[0]!.endSec * 1000));
});

test("cutLongPauses: all digital silence leaves nothing; sound without long pauses is left as it is", async () => {
  const silence = path.join(dir, "silence.wav");
  await composeRecording(silence, [{ silenceSec: 30 }]);
  expect(await cutLongPauses(silence, path.join(dir, "silence.speech.wav"), { minPauseSec: 1, marginSec: 0.3 })).toEqual([]);
  expect(await cutLongPauses(grid, path.join(dir, "grid.speech.wav"), { minPauseSec: 1, marginSec: 0.3 })).toBeNull();
});

test("findPauses sees the silence of a file that is mostly digital silence", async () => {
  // 3 s of speech in a minute of zeros: the levels of the zeros must not hide where the speech stops.
  const sparse = path.join(dir, "sparse.wav");
  await composeRecording(sparse, [{ silenceSec: 30 }, { wav: grid }, { silenceSec: 27 }]);
  const pauses = await findPauses(sparse);
  expect(pauses[0]).toMatchObject({ startSec: 0 });
  expect(pauses[0]!.endSec).toBeGreaterThanOrEqual(30);
  expect(pauses.at(-1)!.startSec).toBeLessThanOrEqual(33);
});
