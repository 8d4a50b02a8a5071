// The browser's outbox of live audio chunks: every chunk is written to a local store
// (IndexedDB in the browser) BEFORE it is sent, and leaves the store only once the server
// has acknowledged it. Failed sends are retried with exponential backoff; a network that
// comes back (the `online` event) retries at once. Pure logic over two injected functions,
// so jest checks ordering, retries and acknowledgement without a browser.
import type { LiveChunkAnswer } from "./live.types";

export interface StoredChunk {
  sessionId: string;
  seq: number;
  bytes: Uint8Array;
}

export interface ChunkStore {
  put(chunk: StoredChunk): Promise<void>;
  remove(sessionId: string, seq: number): Promise<void>;
  /** The session's stored chunks, in seq order. */
  list(sessionId: string): Promise<StoredChunk[]>;
  /** One past the highest seq ever stored for the session (kept after its chunks leave), 0 when none. */
  nextSeq(sessionId: string): Promise<number>;
  /** Drops everything about a session (after finish or discard). */
  forget(sessionId: string): Promise<void>;
}

/** The server's answer to a chunk (LiveChunkAnswer in live.types.ts). */
export type ChunkAck = LiveChunkAnswer;

/** Whether a failed send is worth retrying (network, timeout, 5xx) or final (the server refused the chunk). */
export type SendFailure = { retry: true } | { retry: false; error: unknown };

export interface ChunkQueueOptions {
  sessionId: string;
  store: ChunkStore;
  send: (seq: number, bytes: Uint8Array) => Promise<ChunkAck>;
  classify: (error: unknown) => SendFailure;
  onAck?: (ack: ChunkAck, seq: number) => void;
  /** Called when consecutive failures pass `lostAfter` (connection lost) and again when a send succeeds. */
  onConnection?: (lost: boolean) => void;
  /** A chunk the server refused for good (it is dropped from the queue and the store). */
  onRefused?: (seq: number, error: unknown) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Consecutive failures before the connection counts as lost. */
  lostAfter?: number;
  /** Chunks in flight at once (order is kept for the first attempt; the server takes any order). */
  parallel?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

export class ChunkQueue {
  private readonly pending = new Map<number, Uint8Array>();
  private readonly inFlight = new Set<number>();
  private failures = 0;
  private lost = false;
  private timer: unknown = null;
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly o: Required<Omit<ChunkQueueOptions, "onAck" | "onConnection" | "onRefused">> & ChunkQueueOptions;

  constructor(options: ChunkQueueOptions) {
    this.o = {
      baseDelayMs: 500,
      maxDelayMs: 15_000,
      lostAfter: 3,
      parallel: 2,
      schedule: (fn, ms) => setTimeout(fn, ms),
      cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  /** Stores the chunk, then queues it for sending. Resolves once it is stored locally. */
  async add(seq: number, bytes: Uint8Array): Promise<void> {
    await this.o.store.put({ sessionId: this.o.sessionId, seq, bytes });
    this.pending.set(seq, bytes);
    this.pump();
  }

  /** Picks up what an earlier page left in the store (after a reload); returns the highest stored seq or -1. */
  async restore(): Promise<number> {
    const stored = await this.o.store.list(this.o.sessionId);
    for (const c of stored) this.pending.set(c.seq, c.bytes);
    this.pump();
    return stored.reduce((m, c) => Math.max(m, c.seq), -1);
  }

  /** The server says it lacks these: send them again if they are still stored (they always are until acknowledged). */
  async resend(seqs: readonly number[]): Promise<number[]> {
    const stored = new Map((await this.o.store.list(this.o.sessionId)).map((c) => [c.seq, c.bytes]));
    const gone: number[] = [];
    for (const seq of seqs) {
      const bytes = stored.get(seq) ?? this.pending.get(seq);
      if (bytes) this.pending.set(seq, bytes);
      else gone.push(seq);
    }
    this.retryNow();
    return gone;
  }

  /** The network is back (or the page visible again): retry without waiting for the backoff. */
  retryNow(): void {
    if (this.timer !== null) this.o.cancel(this.timer);
    this.timer = null;
    this.pump();
  }

  /** Resolves once nothing is waiting to be sent. */
  drained(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  get size(): number {
    return this.pending.size;
  }

  get connectionLost(): boolean {
    return this.lost;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.o.cancel(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.closed || this.timer !== null) return;
    const next = [...this.pending.keys()].filter((s) => !this.inFlight.has(s)).sort((a, b) => a - b);
    for (const seq of next) {
      if (this.inFlight.size >= this.o.parallel) break;
      this.sendOne(seq);
    }
  }

  private sendOne(seq: number): void {
    const bytes = this.pending.get(seq)!;
    this.inFlight.add(seq);
    this.o.send(seq, bytes).then(
      async (ack) => {
        this.inFlight.delete(seq);
        this.pending.delete(seq);
        this.failures = 0;
        if (this.lost) {
          this.lost = false;
          this.o.onConnection?.(false);
        }
        await this.o.store.remove(this.o.sessionId, seq).catch(() => undefined);
        this.o.onAck?.(ack, seq);
        this.settle();
      },
      async (error: unknown) => {
        this.inFlight.delete(seq);
        const verdict = this.o.classify(error);
        if (!verdict.retry) {
          this.pending.delete(seq);
          await this.o.store.remove(this.o.sessionId, seq).catch(() => undefined);
          this.o.onRefused?.(seq, verdict.error);
          this.settle();
          return;
        }
        this.failures++;
        if (!this.lost && this.failures >= this.o.lostAfter) {
          this.lost = true;
          this.o.onConnection?.(true);
        }
        this.backoff();
      },
    );
  }

  private backoff(): void {
    if (this.closed || this.timer !== null) return;
    const delay = Math.min(this.o.maxDelayMs, this.o.baseDelayMs * 2 ** Math.min(this.failures - 1, 16));
    // A little jitter so many tabs coming back online do not retry in step.
    this.timer = this.o.schedule(() => {
      this.timer = null;
      this.pump();
    }, delay * (0.8 + Math.random() * 0.4));
  }

  private settle(): void {
    if (this.pending.size === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      waiters.forEach((w) => w());
    } else this.pump();
  }
}

/** An in-memory store: the fallback where IndexedDB is unavailable (private windows of some browsers), and for tests. */
export class MemoryChunkStore implements ChunkStore {
  private readonly chunks = new Map<string, StoredChunk>();
  private readonly next = new Map<string, number>();
  async put(chunk: StoredChunk): Promise<void> {
    this.chunks.set(`${chunk.sessionId}:${chunk.seq}`, chunk);
    this.next.set(chunk.sessionId, Math.max(this.next.get(chunk.sessionId) ?? 0, chunk.seq + 1));
  }
  async nextSeq(sessionId: string): Promise<number> {
    return this.next.get(sessionId) ?? 0;
  }
  async forget(sessionId: string): Promise<void> {
    for (const c of await this.list(sessionId)) this.chunks.delete(`${sessionId}:${c.seq}`);
    this.next.delete(sessionId);
  }
  async remove(sessionId: string, seq: number): Promise<void> {
    this.chunks.delete(`${sessionId}:${seq}`);
  }
  async list(sessionId: string): Promise<StoredChunk[]> {
    return [...this.chunks.values()].filter((c) => c.sessionId === sessionId).sort((a, b) => a.seq - b.seq);
  }
}
