import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { cutLongPauses, timeInOriginal } from "@/lib/media/pauses";
import { readWavInfo, type WavInfo } from "@/lib/media/wav";
import { logger } from "@/lib/server/logger";
import { decodeWithBatch } from "./batch-decoders";
import { abortReason, killPiped, spawnPiped } from "./piped-process";
import { hotwordModel } from "./hotword-lm";
import { wordsToSegments } from "./segments";
import { DEFAULT_DECODE_PROFILE, type DecodeProfile, type SpeechEngine, type SpeechResult, type SpeechWord, type TranscribeOptions } from "./types";

/**
 * The embedded, offline engine: Debian's pocketsphinx 5prealpha with the US
 * English model of `pocketsphinx-en-us`. Chunks go to reused decoder
 * processes (batch-decoders.ts: the model loads once per decoder, not per
 * chunk); a file they cannot read goes to a new `pocketsphinx_continuous`.
 */
const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
export const POCKETSPHINX_MODEL = {
  hmm: `${MODEL_DIR}/en-us`,
  lm: `${MODEL_DIR}/en-us.lm.bin`,
  dict: `${MODEL_DIR}/cmudict-en-us.dict`,
};

/**
 * Decoder settings traded for speed (see bench/README.md, "speech-wer" and
 * "speech-long"): at most 10 word exits and 5000 active HMMs per frame. On the
 * English corpus clips this keeps the WER of the decoder defaults while taking
 * about 35% less CPU, which is what lets an hour of audio finish in under 15
 * minutes on two cores. (Turning off the second, flat-lexicon pass with
 * `-fwdflat no` is faster still but costs 6-8 WER points; `-ds 2`, `-topn 2`
 * and narrower beams cost 2-12 points; see `bench/speech-wer.ts --tune`.)
 */
export const FAST_DECODER_ARGS = ["-maxwpf", "10", "-maxhmmpf", "5000"];

/**
 * What a user picks per upload: "accurate" (the default, the flags above) or
 * "fast". The fast profile skips the second, flat-lexicon pass and the lattice
 * best-path pass, decodes every other frame (`-ds 2`) and narrows the search.
 * With reused decoders (each chunk one utterance) it takes about half the
 * decoder CPU of the accurate profile for a few WER points (bench/README.md
 * "speech-profiles"; `-topn 2` was dropped: it cost 5 more points for 15% less
 * CPU). Why it is not the default: docs/speech-profiles.md.
 */
export const DECODER_PROFILES: Record<DecodeProfile, string[]> = {
  accurate: FAST_DECODER_ARGS,
  fast: ["-maxwpf", "5", "-maxhmmpf", "3000", "-fwdflat", "no", "-bestpath", "no", "-ds", "2"],
};

/** Arguments for one call: explicit flags (benches) win, else the asked profile, else the default one. */
export function decoderArgsFor(profile: DecodeProfile | undefined, explicit?: string[]): string[] {
  return explicit ?? DECODER_PROFILES[profile ?? DEFAULT_DECODE_PROFILE];
}

export interface PocketsphinxOptions {
  /** Decoder flags for every call (benches); when unset each call uses its profile's flags. */
  decoderArgs?: string[];
  /** The per-call decoder (files a reused decoder cannot read). */
  binary?: string;
  /** The reused decoder (lib/speech/batch-decoders.ts). */
  batchBinary?: string;
  /** false: a new process per call, as before decoders were reused (benches compare the two). */
  reuseDecoders?: boolean;
}

/** A pause between words this long starts a new timeline entry (reused decoders). */
const BATCH_PAUSE_MS = 400;

/** Longest file decoded as one utterance by a reused decoder; longer ones go to the per-call tool, which splits at pauses. */
const MAX_UTTERANCE_SEC = 90;

/** Quiet stretches this long are cut out before a reused decoder sees the chunk (decodeSpeech); this much of each stays. */
const CUT_PAUSES = { minPauseSec: 1, marginSec: 0.3 };
let speechCopies = 0;

/**
 * A reused decoder reads a WAV by name with a fixed 44-byte header (what
 * normalizeToWav and splitAtPauses write) from a control line split at white
 * space; everything else goes to the per-call tool.
 */
function batchable(wavPath: string, info: WavInfo): boolean {
  return info.dataOffset === 44 && /\.wav$/i.test(wavPath) && !/\s/.test(wavPath) && info.durationSec <= MAX_UTTERANCE_SEC;
}

export function pocketsphinxEngine(opts: PocketsphinxOptions = {}): SpeechEngine {
  return {
    name: "pocketsphinx",
    model: "cmusphinx-en-us-ptm-5.2",
    // US English only, and no way to tell languages apart: other languages come out as English-sounding nonsense.
    embedded: true,
    languages: ["en"],
    detectsLanguage: false,
    // Chunks of about 45 s: enough context for the LM, and on two cores the
    // last chunk leaves at most a few seconds of one core idle.
    chunking: { targetChunkSec: 45, maxChunkSec: 60 },
    async transcribe(wavPath: string, o: TranscribeOptions): Promise<SpeechResult> {
      const info = await readWavInfo(wavPath);
      if (info.sampleRate !== 16000 || info.channels !== 1) {
        throw new Error(`pocketsphinx needs 16 kHz mono 16-bit WAV (lib/media/ffmpeg.ts normalizeToWav); ${wavPath} is ${info.sampleRate} Hz, ${info.channels} channel(s)`);
      }
      const model = await modelFor(o.hotwords);
      const args = ["-hmm", POCKETSPHINX_MODEL.hmm, "-lm", model.lm, "-dict", model.dict, ...decoderArgsFor(o.profile, opts.decoderArgs)];
      if (opts.reuseDecoders !== false && batchable(wavPath, info)) {
        const words = await decodeSpeech(opts.batchBinary ?? "pocketsphinx_batch", args, wavPath, o.signal);
        // A chunk decoded whole has no utterance breaks, only gaps between words: the continuous tool's voice
        // detection cut at pauses of about 400 ms, so timeline entries stay as short as they were.
        return { language: "en", segments: wordsToSegments(words, { pauseMs: BATCH_PAUSE_MS }) };
      }
      // The CLI reads a ".wav" file as a fixed 44-byte header and then samples;
      // any other header layout (LIST chunks, WAVE_FORMAT_EXTENSIBLE) or file
      // name gets its samples streamed through stdin as raw PCM instead.
      const direct = info.dataOffset === 44 && wavPath.toLowerCase().endsWith(".wav");
      const stdout = await run(opts.binary ?? "pocketsphinx_continuous", [
        "-infile", direct ? wavPath : "/dev/stdin",
        "-time", "yes",
        "-logfn", "/dev/null",
        ...args,
      ], o.signal, direct ? undefined : { path: wavPath, info });
      return { language: "en", segments: wordsToSegments(parseTimedWords(stdout)) };
    },
  };
}

/**
 * Decodes a chunk on a reused decoder with its long pauses cut out, and gives
 * the words the chunk's own times back. The decoder keeps every frame it is
 * given (its own silence removal loses the clock: batch-decoders.ts), and with
 * long silence kept it goes wrong: the silence drags the utterance's cepstral
 * mean, and it finds words in it ("dog" over 30 s of digital silence, a phrase
 * over 10 s of faint noise, garbled speech after 10 s of silence). So the
 * pauses are cut here, where it is known what was cut.
 */
async function decodeSpeech(binary: string, args: string[], wavPath: string, signal?: AbortSignal): Promise<SpeechWord[]> {
  // Beside the chunk (the job's scratch folder), named per call: the same file may be decoded twice at once.
  const speechPath = wavPath.replace(/\.wav$/i, `.speech-${++speechCopies}.wav`);
  try {
    const spans = await cutLongPauses(wavPath, speechPath, CUT_PAUSES);
    if (!spans) return await decodeWithBatch(binary, args, wavPath, signal);
    if (spans.length === 0) return [];
    const words = await decodeWithBatch(binary, args, speechPath, signal);
    return words.map((w) => ({ ...w, begin: timeInOriginal(spans, w.begin, "begin"), end: timeInOriginal(spans, w.end, "end") }));
  } finally {
    await fsp.rm(speechPath, { force: true });
  }
}

/**
 * The LM and dictionary for one call. English hotwords get a copy of the LM in
 * which their n-grams are more likely, and words new to the LM added (see
 * hotword-lm.ts; built once per hotword set, then cached on disk). Chinese
 * hotwords cannot help this English model and are ignored. If the build
 * fails, the call goes on with the plain model rather than failing the task.
 */
async function modelFor(hotwords: string[] | undefined): Promise<{ lm: string; dict: string }> {
  if (!hotwords?.length) return POCKETSPHINX_MODEL;
  try {
    return (await hotwordModel(hotwords, { baseLm: POCKETSPHINX_MODEL.lm, baseDict: POCKETSPHINX_MODEL.dict })) ?? POCKETSPHINX_MODEL;
  } catch (e) {
    logger.warn("pocketsphinx: hotword model could not be built; using the plain model", { error: e instanceof Error ? e.message : String(e) });
    return POCKETSPHINX_MODEL;
  }
}

/**
 * `-time yes` prints, per utterance, the hypothesis line and then one
 * "word start end confidence" line per word (seconds). Keeps real words only:
 * drops <s>, </s>, <sil> and fillers such as [NOISE], and strips the "(2)"
 * alternate-pronunciation suffix.
 */
export function parseTimedWords(stdout: string): SpeechWord[] {
  const words: SpeechWord[] = [];
  for (const line of stdout.split("\n")) {
    const m = line.match(/^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/);
    if (!m) continue;
    const token = m[1]!;
    if (token.startsWith("<") || token.startsWith("[") || token.startsWith("+")) continue;
    words.push({ begin: Math.round(Number(m[2]) * 1000), end: Math.round(Number(m[3]) * 1000), text: token.replace(/\(\d+\)$/, "") });
  }
  return words;
}

function run(binary: string, args: string[], signal?: AbortSignal, stdin?: { path: string; info: WavInfo }): Promise<string> {
  return new Promise((resolve, reject) => {
    // Samples to stdin need the shell's pipe (piped-process.ts), and its process group killed on abort.
    const child = stdin ? spawnPiped(binary, args) : spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    if (stdin && signal) {
      const onAbort = () => {
        killPiped(child);
        reject(abortReason(signal));
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
      child.on("close", () => signal.removeEventListener("abort", onAbort));
    }
    let feedError: Error | undefined;
    if (stdin && child.stdin) {
      const { path, info } = stdin;
      const feed = info.dataBytes > 0 ? fs.createReadStream(path, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1 }) : Readable.from([]);
      pipeline(feed, child.stdin).catch((e: NodeJS.ErrnoException) => {
        // A decoder that exits early closes the pipe; its exit code tells what happened.
        if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_PREMATURE_CLOSE") feedError = e;
      });
    }
    const out: Buffer[] = [];
    let err = "";
    child.stdout!.on("data", (b: Buffer) => out.push(b));
    child.stderr!.on("data", (b: Buffer) => {
      err = (err + b.toString()).slice(-2000);
    });
    child.on("error", (e) => reject(e.name === "AbortError" ? e : new Error(`pocketsphinx could not start (${binary}): ${e.message}`)));
    child.on("close", (code, sig) => {
      if (feedError) reject(new Error(`pocketsphinx input could not be read: ${feedError.message}`));
      else if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else if (!signal?.aborted) reject(new Error(`pocketsphinx failed (${sig ?? `exit ${code}`}): ${err.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}
