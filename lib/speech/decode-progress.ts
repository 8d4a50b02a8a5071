// How far a transcription is, by seconds of audio, while its chunks decode.
//
// Finished chunks count whole. A chunk that holds a decoder slot counts by its
// decoding time so far against the engine's real-time factor as measured on
// this worker's recent chunks (so a loaded machine's slower decoding slows the
// estimate too), and never past 90 % of its length: the bar moves while a chunk
// decodes, and a chunk is only ever reported done when it is. Without this, a
// recording of one or two chunks reported 0 and then 1, and sat still for the
// whole decode (33 s under load).

/** Chunks decoding longer than their estimate stop at this share until they finish. */
const RUNNING_CAP = 0.9;
/** Until a chunk of this engine has finished on this worker: pocketsphinx decodes at about 0.3 x real time on one core. */
const DEFAULT_RTF = 0.4;
/** Weight of the newest chunk in the moving average. */
const RTF_SMOOTHING = 0.3;
/** How often the estimate is looked at (and reported when it moved). */
const DEFAULT_TICK_MS = 1000;
/** With nothing decoding this long, the transcription is said to wait for a decoder slot (not at every chunk boundary). */
const WAIT_NOTICE_MS = 1000;

const measured = new Map<string, number>();

/** The engine's decoding seconds per audio second, as seen on this worker lately. */
export function expectedRealTimeFactor(engine: string): number {
  return measured.get(engine) ?? DEFAULT_RTF;
}

function recordRealTimeFactor(engine: string, rtf: number) {
  if (!Number.isFinite(rtf) || rtf <= 0) return;
  const before = measured.get(engine);
  measured.set(engine, before === undefined ? rtf : before + RTF_SMOOTHING * (rtf - before));
}

export interface DecodeProgressOptions {
  engine: string;
  totalSec: number;
  /** Called with the fraction done (0..1) when it grew, and whether the work waits for a decoder slot when that changed. */
  report: (fraction: number, state: { waiting: boolean }) => void;
  tickMs?: number;
  now?: () => number;
}

export class DecodeProgress {
  private doneSec = 0;
  private reported = -1;
  private waitingReported = false;
  /** When the last chunk stopped decoding (or the work began): a wait is noticed from here. */
  private idleSince = 0;
  private ended = false;
  private readonly running = new Map<number, { sec: number; since: number }>();
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: DecodeProgressOptions) {
    this.now = opts.now ?? (() => performance.now());
  }

  /** Reports 0 (the start) and looks again every tick until complete() or stop(). */
  begin() {
    this.idleSince = this.now();
    this.timer ??= setInterval(() => this.emit(), this.opts.tickMs ?? DEFAULT_TICK_MS);
    this.timer.unref?.();
    this.emit();
  }

  /** Chunk `index` (`sec` of audio) has its decoder slot and decodes from now. */
  started(index: number, sec: number) {
    this.running.set(index, { sec, since: this.now() });
    this.emit();
  }

  /** Chunk `index` is done: decoded (its time teaches the real-time factor) or read from the cache. */
  finished(index: number, sec: number, decoded = true) {
    const run = this.running.get(index);
    this.running.delete(index);
    if (run && decoded && sec > 0) recordRealTimeFactor(this.opts.engine, (this.now() - run.since) / 1000 / sec);
    this.doneSec += sec;
    if (this.running.size === 0) this.idleSince = this.now();
    this.emit();
  }

  /** Everything is transcribed: reports 1. */
  complete() {
    this.stop();
    if (this.reported < 1) {
      this.reported = 1;
      this.opts.report(1, { waiting: false });
    }
  }

  /** No more reports (the transcription ended, either way). */
  stop() {
    this.ended = true;
    this.running.clear();
    this.stopTimer();
  }

  /** Whether no chunk of this work has decoded for a while (they wait for slots held by others). */
  waiting(): boolean {
    return !this.ended && this.running.size === 0 && this.now() - this.idleSince >= WAIT_NOTICE_MS;
  }

  /** The estimate now: finished seconds plus each running chunk's expected share. */
  fraction(): number {
    const rtf = expectedRealTimeFactor(this.opts.engine);
    let sec = this.doneSec;
    for (const run of this.running.values()) {
      const elapsedSec = (this.now() - run.since) / 1000;
      sec += run.sec * Math.min(RUNNING_CAP, elapsedSec / (run.sec * rtf));
    }
    return this.opts.totalSec > 0 ? Math.min(1, sec / this.opts.totalSec) : 0;
  }

  private emit() {
    if (this.ended) return;
    // Whole tenths of a percent: what setProgress keeps; smaller moves are not worth a write.
    const rounded = Math.floor(this.fraction() * 1000) / 1000;
    const waiting = this.waiting();
    if (rounded <= this.reported && waiting === this.waitingReported) return;
    this.reported = Math.max(this.reported, rounded);
    this.waitingReported = waiting;
    this.opts.report(this.reported, { waiting });
  }

  private stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
