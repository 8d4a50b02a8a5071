// Issue 24, "Times are the recording's times", engine by engine: recordings made here from corpus clips with
// silence of a known length around them go through transcribeLong (cut at pauses into chunks, each chunk's
// times moved by its start), and every line must sit where the clips' outside references put their speech.
// The pipeline itself (upload, worker, saved rows, speakers): transcript-times.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { transcribeLong } from "@/lib/speech/long";
import { openAiEngine } from "@/lib/speech/openai";
import { pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import type { SpeechEngine, SpeechSegment } from "@/lib/speech/types";
import type { LabelledSegment } from "@/lib/diarization/der";
import { composeRecording, firstSpeechSec, gridReference, inSpeech, referenceFor, shifted, type RecordingPart } from "@/bench/lib/time-references";
import { CORPUS } from "@/tests/helpers/api";
import { startListeningSpeech, type ListeningSpeech } from "@/tests/helpers/listening-speech";

jest.setTimeout(300_000);

const TOLERANCE_SEC = 0.3;

let tmp: string;
const clip: Record<"sample" | "falcon" | "grid", string> = { sample: "", falcon: "", grid: "" };
const speechOf = {
  sample: () => referenceFor("multi/pyannote_sample.wav").speech,
  falcon: () => referenceFor("multi/falcon_test.wav").speech,
  grid: () => gridReference().speech,
};
let listening: ListeningSpeech;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-times-engines-"));
  await normalizeToWav(path.join(CORPUS, "multi/pyannote_sample.wav"), (clip.sample = path.join(tmp, "sample.wav")));
  await normalizeToWav(path.join(CORPUS, "multi/falcon_test.wav"), (clip.falcon = path.join(tmp, "falcon.wav")));
  await normalizeToWav(path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"), (clip.grid = path.join(tmp, "grid.wav")));
  listening = await startListeningSpeech();
});

afterAll(async () => {
  closeBatchDecoders();
  await listening?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Layout = (keyof typeof clip | { silenceSec: number })[];

/** Builds the recording; returns its path, the reference speech on its clock, and where each clip starts. */
async function record(name: string, layout: Layout) {
  const file = path.join(tmp, `${name}.wav`);
  const parts: RecordingPart[] = layout.map((p) => (typeof p === "string" ? { wav: clip[p] } : p));
  const starts = await composeRecording(file, parts);
  const placed = layout.flatMap((p, i) => (typeof p === "string" ? [{ at: starts[i]!, speech: shifted(speechOf[p](), starts[i]!) }] : []));
  return { file, placed, speech: placed.flatMap((p) => p.speech) };
}

function transcribe(file: string, engine: SpeechEngine, chunking?: { targetChunkSec: number; maxChunkSec: number }) {
  return transcribeLong(file, { engine, workDir: path.join(tmp, `work-${path.basename(file)}`), ...(chunking ? { chunking } : {}) });
}

/** Lines (and their words) begin and end inside reference speech; each clip's first line begins where its speech does. */
function expectOnReference(segments: SpeechSegment[], rec: { placed: { speech: LabelledSegment[] }[]; speech: LabelledSegment[] }) {
  const edges = segments.flatMap((s) => [s, ...(s.words ?? [])]).flatMap((t) => [t.begin / 1000, t.end / 1000]);
  expect(edges.filter((sec) => !inSpeech(rec.speech, sec, TOLERANCE_SEC))).toEqual([]);
  for (const p of rec.placed) {
    const start = firstSpeechSec(p.speech);
    const first = segments.find((s) => s.end / 1000 > start - TOLERANCE_SEC)!;
    expect(Math.abs(first.begin / 1000 - start)).toBeLessThanOrEqual(TOLERANCE_SEC);
  }
}

describe("the embedded engine (reused decoders)", () => {
  it("10 s of silence before a clip: the first line at 10 s + the RTTM's first speech", async () => {
    const rec = await record("lead", [{ silenceSec: 10 }, "sample"]);
    expectOnReference((await transcribe(rec.file, pocketsphinxEngine())).segments, rec);
  });

  it("two clips with 20 s between them, over several chunks", async () => {
    const rec = await record("gap", ["sample", { silenceSec: 20 }, "falcon"]);
    expectOnReference((await transcribe(rec.file, pocketsphinxEngine())).segments, rec);
  });

  it("a 60-minute recording: the last lines are where the clips placed near its end speak", async () => {
    // Mostly silence, so that only the clips cost decoding time; the chunking still walks the whole hour.
    const at: [number, keyof typeof clip][] = [[0, "sample"], [1800, "falcon"], [3540, "sample"], [3585, "grid"]];
    const layout: Layout = [];
    let cursor = 0;
    for (const [sec, name] of at) {
      layout.push({ silenceSec: sec - cursor }, name);
      cursor = sec + (await readWavInfo(clip[name])).durationSec;
    }
    layout.push({ silenceSec: 3600 - cursor });
    const rec = await record("hour", layout);
    expect((await readWavInfo(rec.file)).durationSec).toBeCloseTo(3600, 3);
    const started = performance.now();
    const { segments } = await transcribe(rec.file, pocketsphinxEngine());
    console.log(`60-minute recording transcribed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expectOnReference(segments, rec);
    expect(segments.at(-1)!.end / 1000).toBeGreaterThan(3585);
  });
});

describe("the per-call tool (pocketsphinx_continuous, for files a reused decoder cannot read)", () => {
  it("two clips with 20 s between them, over several chunks", async () => {
    const rec = await record("gap-per-call", ["sample", { silenceSec: 20 }, "falcon"]);
    expectOnReference((await transcribe(rec.file, pocketsphinxEngine({ reuseDecoders: false }))).segments, rec);
  });
});

describe("an OpenAI-compatible server, in small chunks", () => {
  it("two clips 20 s apart, sent in chunks of at most 14 s: segment and word times moved by each chunk's start", async () => {
    const rec = await record("gap-api", ["sample", { silenceSec: 20 }, "falcon"]);
    const engine = openAiEngine({ baseURL: listening.url, apiKey: "sk-loopback", model: "whisper-loopback", maxRetries: 0 });
    listening.uploads.length = 0;
    const { segments } = await transcribe(rec.file, engine, { targetChunkSec: 10, maxChunkSec: 14 });
    expect(listening.uploads.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...listening.uploads)).toBeLessThanOrEqual(14);
    expect(segments.some((s) => s.words?.length)).toBe(true);
    expectOnReference(segments, rec);
  });
});
