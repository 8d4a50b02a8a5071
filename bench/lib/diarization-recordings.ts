/**
 * Long recordings for the diarization bench (bench/diarization-der.ts), built
 * with ffmpeg from corpus clips: the 60-minute run, and mixes whose voices are
 * known clip by clip, to see whether the speaker count holds up over time.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { diarizationErrorRate, type LabelledSegment } from "@/lib/diarization/der";
import { rng } from "@/lib/diarization/cluster";
import { diarizeWith, type Tuning } from "@/lib/diarization/diarize";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { CORPUS_DIR } from "./corpus";

export interface KnownVoicesRow {
  name: string;
  audioSec: number;
  voices: number;
  found: number;
  /** Share of the reference time given to the wrong speaker under the best mapping (collar 0.25 s). */
  confusion: number;
}

/** Repeats the (16 kHz) clips end to end and cuts the result at `seconds`. */
export async function buildLongRecording(wavs: string[], seconds: number, out: string): Promise<void> {
  let clipSec = 0;
  for (const w of wavs) clipSec += (await readWavPcm(w)).samples.length / 16000;
  const rounds = Math.ceil(seconds / clipSec);
  await concatWavs(Array.from({ length: rounds }, () => wavs).flat(), out, seconds);
}

/** Joins 16 kHz mono WAVs in order with ffmpeg's concat demuxer (one process, however many clips), optionally cut at `seconds`. */
async function concatWavs(wavs: string[], out: string, seconds?: number): Promise<void> {
  const list = `${out}.txt`;
  await fsp.writeFile(list, `${wavs.map((w) => `file '${w.replace(/'/g, "'\\''")}'`).join("\n")}\n`);
  const cut = seconds === undefined ? [] : ["-t", String(seconds)];
  const r = spawnSync("ffmpeg", ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, ...cut, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", out], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`ffmpeg concat failed: ${r.stderr}`);
}

type VoiceMix = { name: string; seconds: number; voices: { label: string; clips: string[] }[]; shuffle: boolean };

/** Clips of one reader in the corpus, by file-name prefix. */
function corpusClips(prefix: string): string[] {
  const dir = path.join(CORPUS_DIR, "single");
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(prefix))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Deterministic shuffle, so every run builds the same recording. */
function shuffled<T>(items: T[], seed: number): T[] {
  const next = rng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Builds each mix (voices take turns clip by clip, in a seeded shuffle, until
 * the length is reached), diarizes it and scores the speaker count and the
 * confusion (with this collar, s) against the known clip boundaries.
 */
export async function measureKnownVoices(tmp: string, tuning: Tuning, collar: number): Promise<KnownVoicesRow[]> {
  const lj = corpusClips("en_LJ");
  const librivox = corpusClips("en_librivox_ss01_");
  const mixes: VoiceMix[] = [
    { name: "one voice: LJ Speech reader (11 clips)", seconds: 1800, voices: [{ label: "lj", clips: lj }], shuffle: true },
    { name: "one voice: LibriVox reader (5 clips)", seconds: 900, voices: [{ label: "lv", clips: librivox }], shuffle: true },
    {
      name: "two voices taking turns: LJ Speech and LibriVox readers",
      seconds: 720,
      voices: [
        { label: "lj", clips: lj },
        { label: "lv", clips: librivox },
      ],
      shuffle: true,
    },
    { name: "one voice, one clip repeated word for word: single/en_jfk.wav", seconds: 600, voices: [{ label: "jfk", clips: [path.join(CORPUS_DIR, "single/en_jfk.wav")] }], shuffle: false },
  ];
  const normalised = new Map<string, { wav: string; sec: number }>();
  const prepare = async (clip: string) => {
    const known = normalised.get(clip);
    if (known) return known;
    const wav = path.join(tmp, `voice-${normalised.size}.wav`);
    await normalizeToWav(clip, wav);
    const entry = { wav, sec: (await readWavPcm(wav)).samples.length / 16000 };
    normalised.set(clip, entry);
    return entry;
  };
  const rows: KnownVoicesRow[] = [];
  for (const [m, mix] of mixes.entries()) {
    const reference: LabelledSegment[] = [];
    const wavs: string[] = [];
    let at = 0;
    for (let round = 0; at < mix.seconds; round++) {
      const orders = mix.voices.map((v, i) => (mix.shuffle ? shuffled(v.clips, round * 31 + i + 1) : v.clips));
      const longest = Math.max(...orders.map((o) => o.length));
      for (let c = 0; c < longest && at < mix.seconds; c++) {
        for (const [i, order] of orders.entries()) {
          if (c >= order.length || at >= mix.seconds) continue;
          const { wav, sec } = await prepare(order[c]);
          wavs.push(wav);
          reference.push({ start: at, end: at + sec, speaker: mix.voices[i].label });
          at += sec;
        }
      }
    }
    const out = path.join(tmp, `mix-${m}.wav`);
    await concatWavs(wavs, out);
    const pcm = await readWavPcm(out);
    const turns = diarizeWith(pcm.samples, pcm.sampleRate, {}, tuning);
    const hypothesis = turns.map((t) => ({ start: t.start, end: t.end, speaker: String(t.speaker) }));
    // Score only where the diarizer heard speech: the clips' own pauses are not speaker errors.
    const der = diarizationErrorRate(reference, hypothesis, { collar, uem: hypothesis });
    const row: KnownVoicesRow = {
      name: mix.name,
      audioSec: at,
      voices: mix.voices.length,
      found: new Set(turns.map((t) => t.speaker)).size,
      confusion: der.total > 0 ? der.confusion / der.total : 0,
    };
    console.log(`${row.name}: ${(row.audioSec / 60).toFixed(1)} min, ${row.voices} voice(s), ${row.found} found, confusion ${(row.confusion * 100).toFixed(1)}%`);
    rows.push(row);
  }
  return rows;
}

export function knownVoicesTable(rows: KnownVoicesRow[]): string {
  return [
    "| recording | length | voices | found | confusion |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${(r.audioSec / 60).toFixed(1)} min | ${r.voices} | ${r.found} | ${(r.confusion * 100).toFixed(1)}% |`),
  ].join("\n");
}
