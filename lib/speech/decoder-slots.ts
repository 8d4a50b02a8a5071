import "server-only";
import os from "node:os";
import { env } from "@/lib/server/env";
import { processingTierOf } from "@/lib/billing/plans";
import type { ChunkPlan, SpeechEngine } from "./types";

/**
 * The worker's decoder slots (docs/scheduling.md): one per core, shared by
 * every transcription the worker runs at once. Each chunk waits for a slot;
 * a freed slot goes to the next chunk in the fair order:
 *   1. the user who has had the least decoding time so far, weighted by plan
 *      (start-time weighted fair queueing: a user's clock advances by the
 *      chunk's seconds divided by the plan's weight when a chunk starts);
 *   2. within that user, the task that has had the least;
 *   3. within that task, its chunks in order.
 * A user who arrives (or comes back) starts at the current clock, not at 0, so
 * a short clip goes next but nobody can bank time and starve the others later.
 */
export interface DecodeClaim {
  userId: string;
  taskId: string;
  /** Plan weight: a user's chunks are served this many times as often as a weight-1 user's while both wait. */
  weight: number;
}

/**
 * Pro plans' chunks run three times as often as free plans' while both wait, Premium's (and
 * Enterprise's) six times; free chunks never starve.
 */
export const DECODE_WEIGHT = { premium: 6, pro: 3, free: 1 } as const;

/** The decode weight of a plan, by its processing tier (lib/billing/plans.ts processingTierOf). */
export function decodeWeightFor(planCode: string): number {
  const tier = processingTierOf(planCode);
  return tier === "fastest" ? DECODE_WEIGHT.premium : tier === "priority" ? DECODE_WEIGHT.pro : DECODE_WEIGHT.free;
}

/**
 * Slots are not pre-empted: a newcomer waits for the first running chunk to end. The embedded engine decodes on
 * this machine's cores, so its chunks are kept short (≤ 30 s of audio, a few seconds of CPU) to bound that wait;
 * short chunks cost no model loads, since decoders are reused (lib/speech/batch-decoders.ts).
 * Remote engines keep their own (long) chunks: their slots wait on the network, not on a core.
 */
export const LOCAL_FAIR_CHUNKING: ChunkPlan = { targetChunkSec: 20, maxChunkSec: 30 };

export function fairChunking(engine: Pick<SpeechEngine, "name" | "chunking">): ChunkPlan | undefined {
  return engine.name === "pocketsphinx" ? LOCAL_FAIR_CHUNKING : engine.chunking;
}

/** Work of no user in particular (tools site transcripts, benches): its own fair share. */
export const ANONYMOUS_CLAIM: DecodeClaim = { userId: "-", taskId: "-", weight: DECODE_WEIGHT.free };

/**
 * Slots are not pre-empted, so a short upload would wait for a running chunk to end. A task that is a single short
 * chunk (a clip) that finds every slot taken starts at once on one extra slot: the cores are shared by one process
 * more for those few seconds, and a clip never waits behind someone else's hour.
 */
const EXTRA_SLOTS = 1;

interface Waiter {
  claim: DecodeClaim;
  costSec: number;
  seq: number;
  /** A whole task in one short chunk: may start at once on the one extra slot. */
  brief: boolean;
  grant: (release: () => void) => void;
}

export class FairSlots {
  private busy = 0;
  /** Brief tasks running on the extra slot. */
  private borrowed = 0;
  private seq = 0;
  private readonly waiting: Waiter[] = [];
  /** Virtual time per user and per task (seconds of audio started, divided by weight). */
  private readonly userClock = new Map<string, number>();
  private readonly taskClock = new Map<string, number>();
  /** Chunks holding or waiting for a slot, per user and per task: clocks of idle ones are dropped. */
  private readonly live = new Map<string, number>();
  /** The start tag of the last chunk granted: where newcomers begin. */
  private clock = 0;

  constructor(readonly size: number) {}

  get running(): number {
    return this.busy + this.borrowed;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Opens a transcription's place in the schedule: its user's and task's
   * clocks live until `close`, so a task keeps its share between its chunks.
   */
  open(claim: DecodeClaim): { acquire: (costSec: number, signal?: AbortSignal) => Promise<() => void>; close: () => void } {
    this.join(claim);
    let closed = false;
    return {
      acquire: (costSec, signal) => this.acquire(claim, costSec, signal),
      close: () => {
        if (closed) return;
        closed = true;
        this.leave(claim);
      },
    };
  }

  /** Runs one piece of work in a slot (a transcription of a single chunk). */
  async run<T>(claim: DecodeClaim, costSec: number, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const session = this.open(claim);
    try {
      const release = await this.acquire(claim, costSec, signal, true);
      try {
        return await work();
      } finally {
        release();
      }
    } finally {
      session.close();
    }
  }

  /**
   * Resolves with a release function once the chunk may decode. An abort while
   * waiting gives up the place in line (rejects with the signal's reason).
   */
  private acquire(claim: DecodeClaim, costSec: number, signal?: AbortSignal, brief = false): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        reject(signal!.reason as Error);
      };
      const waiter: Waiter = {
        claim,
        costSec: Math.max(0.001, costSec),
        seq: this.seq++,
        brief,
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
      this.pump();
    });
  }

  private join(claim: DecodeClaim) {
    const userKey = `u:${claim.userId}`;
    const taskKey = `t:${claim.taskId}`;
    // A user coming back starts at the clock (no banked time); a new task starts ahead of its user's older ones.
    if (!this.live.has(userKey)) this.userClock.set(userKey, Math.max(this.userClock.get(userKey) ?? 0, this.clock));
    if (!this.live.has(taskKey)) this.taskClock.set(taskKey, this.taskClock.get(taskKey) ?? 0);
    for (const key of [userKey, taskKey]) this.live.set(key, (this.live.get(key) ?? 0) + 1);
  }

  private leave(claim: DecodeClaim) {
    for (const key of [`u:${claim.userId}`, `t:${claim.taskId}`]) {
      const n = (this.live.get(key) ?? 1) - 1;
      if (n > 0) this.live.set(key, n);
      else this.live.delete(key);
    }
    // Idle users whose clock fell behind would start at the clock anyway, and idle tasks are finished: forget them.
    for (const [key, at] of this.userClock) if (!this.live.has(key) && at <= this.clock) this.userClock.delete(key);
    for (const key of this.taskClock.keys()) if (!this.live.has(key)) this.taskClock.delete(key);
    if (this.live.size === 0) {
      this.userClock.clear();
      this.clock = 0;
    }
  }

  /** The waiter that goes next: least-served user, then least-served task, then arrival. */
  private pick(onlyBrief = false): number {
    let best = -1;
    let bestKey: [number, number, number] = [Infinity, Infinity, Infinity];
    for (const [i, w] of this.waiting.entries()) {
      if (onlyBrief && !w.brief) continue;
      const key: [number, number, number] = [this.userClock.get(`u:${w.claim.userId}`) ?? 0, this.taskClock.get(`t:${w.claim.taskId}`) ?? 0, w.seq];
      if (key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
        best = i;
        bestKey = key;
      }
    }
    return best;
  }

  private pump() {
    while (this.waiting.length > 0) {
      let at: number;
      let extra = false;
      if (this.busy < this.size) at = this.pick();
      else if (this.borrowed < EXTRA_SLOTS && (at = this.pick(true)) >= 0) extra = true;
      else return;
      const [w] = this.waiting.splice(at, 1);
      this.grant(w!, extra);
    }
  }

  private grant(w: Waiter, extra: boolean) {
    const { claim } = w;
    const userKey = `u:${claim.userId}`;
    const taskKey = `t:${claim.taskId}`;
    const start = this.userClock.get(userKey) ?? this.clock;
    this.clock = Math.max(this.clock, start);
    this.userClock.set(userKey, start + w.costSec / Math.max(0.01, claim.weight));
    this.taskClock.set(taskKey, (this.taskClock.get(taskKey) ?? 0) + w.costSec);
    if (extra) this.borrowed++;
    else this.busy++;
    let released = false;
    w.grant(() => {
      if (released) return;
      released = true;
      if (extra) this.borrowed--;
      else this.busy--;
      this.pump();
    });
  }
}

const g = globalThis as unknown as { decoderSlots?: FairSlots };

/** This process's slots: SPEECH_PARALLELISM, else one per core. */
export function decoderSlots(): FairSlots {
  g.decoderSlots ??= new FairSlots(env().SPEECH_PARALLELISM ?? os.availableParallelism());
  return g.decoderSlots;
}
