import "server-only";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { logger } from "@/lib/server/logger";
import { treeCpuMs } from "@/lib/server/proc-tree";
import { abortReason, killPiped, spawnPiped } from "./piped-process";
import type { SpeechWord } from "./types";

/**
 * Long-lived pocketsphinx decoders, reused across chunks (issue 14, "reuse
 * decoders"). Starting `pocketsphinx_continuous` and loading the model costs
 * about 0.6 s of CPU per chunk; a `pocketsphinx_batch` process loads it once
 * and then decodes one chunk per line written to its control file, answering
 * one `-hypseg` line per chunk. Each chunk is decoded as one utterance, which
 * the corpus measured as both cheaper and more accurate than the continuous
 * tool's own pause splitting inside a chunk (docs/speech-profiles.md).
 *
 * A decoder runs one chunk at a time. Idle decoders are kept per argument set
 * (profile flags and model, so hotword models get their own) for IDLE_MS, at
 * most MAX_IDLE of them, then ended.
 */

/** How long an idle decoder waits for the next chunk before it is ended. */
const IDLE_MS = 30_000;
/** Idle decoders kept at most, over all argument sets (each holds ≈ 110 MiB). */
const MAX_IDLE = 4;
/** pocketsphinx's frame rate (`-frate`, also with `-ds 2`). */
const FRAMES_PER_SEC = 100;

/**
 * An ERROR line that means the chunk gets no answer. Silence (no word
 * fits the first frame) is logged as an ERROR too, but the decoder still
 * answers with an empty hypothesis: that chunk simply has no speech.
 */
function isFatalError(line: string): boolean {
  return /\bERROR: /.test(line) && !/Couldn't find <s> in first frame/.test(line);
}

class BatchDecoder {
  readonly child: ChildProcess;
  private buffered = "";
  private stderrTail = "";
  private stderrPartial = "";
  private seq = 0;
  private pending?: { uttid: string; resolve: (line: string) => void; reject: (e: Error) => void };
  exited = false;
  killed = false;
  idleTimer?: NodeJS.Timeout;

  constructor(
    readonly key: string,
    binary: string,
    args: string[],
  ) {
    // `-remove_silence no`: by default the batch tool drops the frames its front end judges silent before
    // decoding, and the -hypseg frame numbers then count only the frames kept, so every word came out early by
    // the silence before it (6.69 s spoken, 3.49 s reported on multi/pyannote_sample.wav). With every frame kept,
    // frame n is n/100 s of the chunk's own clock.
    this.child = spawnPiped(binary, ["-ctl", "/dev/stdin", "-hypseg", "/dev/stdout", "-adcin", "yes", "-adchdr", "44", "-cepdir", "/", "-cepext", ".wav", "-remove_silence", "no", ...args]);
    this.child.stdout!.setEncoding("utf8");
    this.child.stdout!.on("data", (text: string) => this.onOutput(text));
    this.child.stderr!.on("data", (b: Buffer) => {
      const text = b.toString();
      const lines = (this.stderrPartial + text).split("\n");
      this.stderrPartial = lines.pop() ?? "";
      this.stderrTail = (this.stderrTail + text).slice(-2000);
      // A chunk it cannot read is skipped without an answer: fail it instead of waiting for ever.
      if (this.pending && lines.some(isFatalError)) this.fail(new Error(`pocketsphinx could not decode: ${this.lastLines()}`));
    });
    this.child.stdin!.on("error", () => {}); // a decoder that died closes the pipe; its exit says why
    this.child.on("error", (e) => this.fail(new Error(`pocketsphinx could not start (${binary}): ${e.message}`)));
    this.child.on("close", (code, signal) => {
      this.exited = true;
      this.fail(new Error(`pocketsphinx ended (${signal ?? `exit ${code}`}): ${this.lastLines()}`));
    });
  }

  /** Decodes one 16 kHz mono WAV with a 44-byte header; its path must hold no white space. */
  decode(wavPath: string, signal?: AbortSignal): Promise<SpeechWord[]> {
    const uttid = `u${++this.seq}`;
    this.setActive(true);
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.kill();
        reject(abortReason(signal!));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => signal?.removeEventListener("abort", onAbort);
      this.pending = {
        uttid,
        resolve: (line) => (done(), resolve(line)),
        reject: (e) => (done(), reject(e)),
      };
      this.child.stdin!.write(`${path.resolve(wavPath).replace(/\.wav$/i, "")} 0 -1 ${uttid}\n`);
    })
      .then(parseHypseg)
      .finally(() => this.setActive(false));
  }

  kill() {
    if (this.exited || this.killed) return;
    this.killed = true;
    // Counted once, now: its process is gone before 'close' takes it out of the live set.
    decoders.retiredCpuSec += treeCpuMs(this.child.pid!) / 1000;
    killPiped(this.child);
  }

  /** Idle decoders must not keep a script or a test process alive. */
  private setActive(active: boolean) {
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr] as { ref?: () => void; unref?: () => void }[]) (active ? s.ref : s.unref)?.call(s);
    if (active) this.child.ref();
    else this.child.unref();
  }

  private onOutput(text: string) {
    this.buffered += text;
    let nl: number;
    while ((nl = this.buffered.indexOf("\n")) >= 0) {
      const line = this.buffered.slice(0, nl);
      this.buffered = this.buffered.slice(nl + 1);
      const p = this.pending;
      if (p && line.startsWith(`${p.uttid} `)) {
        this.pending = undefined;
        p.resolve(line);
      }
    }
  }

  private fail(e: Error) {
    const p = this.pending;
    this.pending = undefined;
    if (p) {
      this.kill();
      p.reject(e);
    }
  }

  private lastLines(): string {
    return this.stderrTail.trim().split("\n").slice(-3).join(" | ");
  }
}

/**
 * One `-hypseg` line: `uttid S 0 T total A acoustic L language`, then per word
 * `startFrame acoustic language word`, then the last frame. A word ends where
 * the next one starts. Keeps real words only, as parseTimedWords does.
 */
export function parseHypseg(line: string): SpeechWord[] {
  const f = line.trim().split(/\s+/);
  const segs: { sf: number; word: string }[] = [];
  for (let i = 9; i + 3 < f.length; i += 4) segs.push({ sf: Number(f[i]), word: f[i + 3]! });
  const lastFrame = Number(f[f.length - 1]);
  const words: SpeechWord[] = [];
  for (const [i, s] of segs.entries()) {
    if (s.word.startsWith("<") || s.word.startsWith("[") || s.word.startsWith("+")) continue;
    const endFrame = segs[i + 1]?.sf ?? lastFrame;
    words.push({ begin: Math.round((s.sf * 1000) / FRAMES_PER_SEC), end: Math.round((endFrame * 1000) / FRAMES_PER_SEC), text: s.word.replace(/\(\d+\)$/, "") });
  }
  return words;
}

interface Pool {
  idle: BatchDecoder[];
  live: Set<BatchDecoder>;
  spawned: number;
  /** CPU seconds of decoders already ended. */
  retiredCpuSec: number;
}
// Module state, one per process: only the worker (and benches) decode, and nothing reloads this module there.
const decoders: Pool = { idle: [], live: new Set(), spawned: 0, retiredCpuSec: 0 };

/** Decodes one chunk on an idle decoder of these arguments, or on a new one. */
export async function decodeWithBatch(binary: string, args: string[], wavPath: string, signal?: AbortSignal): Promise<SpeechWord[]> {
  const key = [binary, ...args].join("\0");
  const at = decoders.idle.findIndex((d) => d.key === key && !d.exited && !d.killed);
  let decoder: BatchDecoder;
  if (at >= 0) {
    decoder = decoders.idle.splice(at, 1)[0]!;
    clearTimeout(decoder.idleTimer);
  } else {
    decoder = new BatchDecoder(key, binary, args);
    decoders.spawned++;
    decoders.live.add(decoder);
    decoder.child.once("close", () => decoders.live.delete(decoder));
  }
  try {
    const words = await decoder.decode(wavPath, signal);
    park(decoder);
    return words;
  } catch (e) {
    decoder.kill();
    throw e;
  }
}

function park(decoder: BatchDecoder) {
  if (decoder.exited) return;
  decoder.idleTimer = setTimeout(() => {
    const i = decoders.idle.indexOf(decoder);
    if (i >= 0) decoders.idle.splice(i, 1);
    decoder.kill();
  }, IDLE_MS);
  decoder.idleTimer.unref();
  decoders.idle.push(decoder);
  while (decoders.idle.length > MAX_IDLE) {
    const oldest = decoders.idle.shift()!;
    clearTimeout(oldest.idleTimer);
    oldest.kill();
  }
}

/** CPU seconds every decoder this process started has used so far (benches: the engine's own CPU). */
export function batchDecoderCpuSec(): number {
  let sec = decoders.retiredCpuSec;
  for (const d of decoders.live) if (!d.exited && !d.killed) sec += treeCpuMs(d.child.pid!) / 1000;
  return sec;
}

/** Decoders started by this process so far (benches count model loads with it). */
export function batchDecodersSpawned(): number {
  return decoders.spawned;
}

/** Ends every idle decoder (worker shutdown, tests). */
export function closeBatchDecoders() {
  for (const d of decoders.idle.splice(0)) {
    clearTimeout(d.idleTimer);
    d.kill();
  }
  logger.debug("pocketsphinx: idle decoders ended");
}
