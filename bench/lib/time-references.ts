// Where speech really is in the corpus, from references made outside this project (RTTM speaker turns, the GRID
// clip's word alignment, Picovoice's word times for the Leopard clip), and recordings built from corpus clips with
// silence of a known length around them. Shared by bench/transcript-times.ts and tests/integration/transcript-times.test.ts.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseRttm, type LabelledSegment } from "@/lib/diarization/der";
import { wavHeader } from "@/lib/media/wav";
import { readWavInfo } from "@/lib/media/wav";
import { CORPUS_DIR } from "./corpus";

/** Reference speech of one clip, in seconds of that clip; `speaker` is the reference's own label. */
export interface TimeReference {
  file: string;
  /** Where the reference comes from, for tables. */
  source: string;
  speech: LabelledSegment[];
}

function rttm(file: string, rttmFile: string): TimeReference {
  return { file, source: `RTTM ${rttmFile}`, speech: parseRttm(fs.readFileSync(path.join(CORPUS_DIR, "multi", rttmFile), "utf8")) };
}

/** The GRID clip's `.align`: `start end word` in 1/25000 s; `sil` is silence. */
export function gridReference(): TimeReference {
  const lines = fs.readFileSync(path.join(CORPUS_DIR, "video/grid_swwp2s.align"), "utf8").trim().split("\n");
  const speech = lines
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[2] !== "sil")
    .map((f) => ({ start: Number(f[0]) / 25000, end: Number(f[1]) / 25000, speaker: "grid" }));
  return { file: "video/grid_id2_vcd_swwp2s.mpg", source: "GRID word alignment swwp2s.align", speech };
}

/** Picovoice Leopard's test data: the English clip's words with start and end times. */
function leopardReference(): TimeReference {
  const data = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, "refs/leopard_test_data.json"), "utf8")) as {
    tests: { language_tests: { language: string; words: { start_sec: number; end_sec: number }[] }[] };
  };
  const en = data.tests.language_tests.find((t) => t.language === "en")!;
  return { file: "single/en_leopard_test.wav", source: "Leopard test_data.json word times", speech: en.words.map((w) => ({ start: w.start_sec, end: w.end_sec, speaker: "leopard" })) };
}

/** Every corpus clip with outside speech timings. */
export function timeReferences(): TimeReference[] {
  return [
    rttm("multi/pyannote_sample.wav", "pyannote_sample.rttm"),
    rttm("multi/falcon_test.wav", "falcon_test.derived.rttm"),
    rttm("multi/pyannote_debug_dev00.wav", "pyannote_debug_dev00.rttm"),
    rttm("multi/pyannote_debug_tst00.wav", "pyannote_debug_tst00.rttm"),
    gridReference(),
    leopardReference(),
  ];
}

export function referenceFor(file: string): TimeReference {
  const found = timeReferences().find((r) => r.file === file);
  if (!found) throw new Error(`no time reference for ${file}`);
  return found;
}

export function firstSpeechSec(speech: LabelledSegment[]): number {
  return Math.min(...speech.map((s) => s.start));
}

/** The reference moved by `offsetSec` (a clip placed later in a recording). */
export function shifted(speech: LabelledSegment[], offsetSec: number): LabelledSegment[] {
  return speech.map((s) => ({ ...s, start: s.start + offsetSec, end: s.end + offsetSec }));
}

/** Whether `sec` lies in reference speech, widened by `toleranceSec` on each side. */
export function inSpeech(speech: LabelledSegment[], sec: number, toleranceSec: number): boolean {
  return speech.some((s) => s.start - toleranceSec <= sec && sec <= s.end + toleranceSec);
}

/** The reference speaker talking longest over [startSec, endSec], or null when nobody does. */
export function dominantReferenceSpeaker(speech: LabelledSegment[], startSec: number, endSec: number): string | null {
  const talk = new Map<string, number>();
  for (const s of speech) {
    const o = Math.min(endSec, s.end) - Math.max(startSec, s.start);
    if (o > 0) talk.set(s.speaker, (talk.get(s.speaker) ?? 0) + o);
  }
  return [...talk.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export type RecordingPart = { silenceSec: number } | { wav: string };

/**
 * Writes `parts` end to end as one 16 kHz mono WAV (each `wav` already in that format, e.g. from normalizeToWav),
 * with digital silence for the gaps, sample-exact. Returns the second at which each part starts.
 */
export async function composeRecording(out: string, parts: RecordingPart[]): Promise<number[]> {
  const RATE = 16000;
  const pieces: ({ zeros: number } | { file: string; offset: number; bytes: number })[] = [];
  for (const p of parts) {
    if ("silenceSec" in p) pieces.push({ zeros: Math.round(p.silenceSec * RATE) * 2 });
    else {
      const info = await readWavInfo(p.wav);
      if (info.sampleRate !== RATE || info.channels !== 1) throw new Error(`${p.wav} is not 16 kHz mono`);
      pieces.push({ file: p.wav, offset: info.dataOffset, bytes: info.dataBytes });
    }
  }
  const starts: number[] = [];
  let total = 0;
  for (const p of pieces) {
    starts.push(total / 2 / RATE);
    total += "zeros" in p ? p.zeros : p.bytes;
  }
  const fh = await fsp.open(out, "w");
  try {
    await fh.write(wavHeader(total, RATE, 1));
    const zeros = Buffer.alloc(1 << 20);
    for (const p of pieces) {
      if ("zeros" in p) {
        for (let left = p.zeros; left > 0; left -= zeros.length) await fh.write(zeros, 0, Math.min(left, zeros.length));
      } else {
        await fh.write(await readRange(p.file, p.offset, p.bytes));
      }
    }
  } finally {
    await fh.close();
  }
  return starts;
}

async function readRange(file: string, offset: number, bytes: number): Promise<Buffer> {
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    await fh.read(buf, 0, bytes, offset);
    return buf;
  } finally {
    await fh.close();
  }
}
