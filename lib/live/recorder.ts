"use client";
// One live recording in the page: capture → 16 kHz s16 → numbered chunks → local store →
// server, plus the live text stream, marks, pause/resume and finish. React reads its state
// through subscribe() (components/live/useLiveRecorder.ts); nothing here renders.
import { ApiError } from "@/lib/client/api-errors";
import { ChunkQueue, type ChunkAck, type ChunkStore } from "./chunk-queue";
import { LiveCapture } from "./capture";
import { classifySendFailure, liveApi, missingSeqs, type LiveSegment, type LiveSession } from "./live.client";
import { Chunker, LIVE_SAMPLE_RATE, PcmResampler } from "./pcm";
import { mergeSegments } from "./segments";

export type StopReason = "credits" | "maxLength";

export interface RecorderState {
  phase: "recording" | "paused" | "finishing" | "done";
  elapsedSec: number;
  level: number;
  segments: LiveSegment[];
  /** The engine is more than a few seconds behind the audio. */
  behind: boolean;
  /** Sends keep failing: audio is kept locally and sent when the network is back. */
  connectionLost: boolean;
  /** Chunks waiting to be sent. */
  unsent: number;
  /** Seconds left before the session's maximum length, once inside the warning window. */
  maxLengthWarning: number | null;
  /** Seconds of the plan's minutes left, once the server warns they are running out. */
  creditsWarning: number | null;
  silentSources: number[];
  stopReason: StopReason | null;
  marks: number[];
  taskId: string | null;
  /** Audio tracks being captured (2 for microphone plus tab). */
  tracks: number;
}

const BEHIND_SEC = 3;

export class LiveRecorder {
  private state: RecorderState;
  private listeners = new Set<(s: RecorderState) => void>();
  private resampler: PcmResampler | null = null;
  private readonly chunker: Chunker;
  private readonly queue: ChunkQueue;
  private capture: LiveCapture | null = null;
  private readonly baseSec: number;
  private samples = 0;
  private readonly events = new AbortController();
  private wakeLock: { release: () => Promise<void> } | null = null;
  private readonly unsentMarks: number[] = [];
  private cleanup: (() => void)[] = [];

  private constructor(
    readonly session: LiveSession,
    private readonly store: ChunkStore,
    nextSeq: number,
    storedSec: number,
  ) {
    this.baseSec = storedSec;
    this.chunker = new Chunker(Math.round(session.chunkSeconds * LIVE_SAMPLE_RATE), nextSeq);
    this.state = {
      phase: "recording",
      elapsedSec: storedSec,
      level: 0,
      segments: [],
      behind: false,
      connectionLost: false,
      unsent: 0,
      maxLengthWarning: null,
      creditsWarning: null,
      silentSources: [],
      stopReason: null,
      marks: session.marks.map((m) => m.atSec),
      taskId: null,
      tracks: 0,
    };
    this.queue = new ChunkQueue({
      sessionId: session.id,
      store,
      send: (seq, bytes) => liveApi.putChunk(session.id, seq, bytes),
      classify: classifySendFailure,
      onAck: (ack) => this.onAck(ack),
      onConnection: (lost) => this.set({ connectionLost: lost }),
      onRefused: (_seq, error) => {
        this.set({ unsent: this.queue.size });
        // A chunk past a limit is refused: the recording stops there (the earlier audio is kept).
        const key = error instanceof ApiError ? error.key : undefined;
        if (key === "upload.usageLimit") void this.limitReached("credits");
        else if (key === "live.maxLength") void this.limitReached("maxLength");
      },
    });
  }

  /**
   * Starts (or, after a reload, continues) a session with open media streams. Chunks an earlier
   * page left unsent are sent first; numbering goes on from the highest seq ever stored.
   */
  static async start(session: LiveSession, streams: MediaStream[], store: ChunkStore): Promise<LiveRecorder> {
    const nextSeq = Math.max(await store.nextSeq(session.id), session.receivedSeq + 1);
    // Chunks the old page stored but saw no answer for: those at or below receivedSeq are on the
    // server already (its answer was lost with the page), so they are not counted twice.
    const leftover = (await store.list(session.id)).filter((c) => c.seq > session.receivedSeq);
    const leftoverSec = leftover.reduce((s, c) => s + c.bytes.length / 2, 0) / LIVE_SAMPLE_RATE;
    const rec = new LiveRecorder(session, store, nextSeq, session.durationSec + leftoverSec);
    await rec.queue.restore();
    rec.set({ unsent: rec.queue.size });
    rec.listen();
    void rec.follow();
    // No streams: an interrupted session is only being finished, nothing more is recorded.
    if (streams.length === 0) return rec;
    if (session.state === "paused") await liveApi.resume(session.id).catch(() => undefined);
    rec.capture = await LiveCapture.start(streams, {
      onAudio: (samples, rate) => rec.onAudio(samples, rate),
      onLevel: (level) => rec.set({ level }),
      onSilentSource: (i) => rec.set({ silentSources: [...rec.state.silentSources, i] }),
      onEnded: () => void rec.pause(),
    });
    rec.set({ tracks: streams.reduce((n, s) => n + s.getAudioTracks().length, 0) });
    void rec.keepAwake();
    return rec;
  }

  get current(): RecorderState {
    return this.state;
  }

  subscribe(fn: (s: RecorderState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async pause(): Promise<void> {
    if (this.state.phase !== "recording") return;
    this.capture?.pause();
    await this.capture?.flush();
    this.set({ phase: "paused", level: 0 });
    await liveApi.pause(this.session.id).catch(() => undefined);
  }

  async resume(): Promise<void> {
    if (this.state.phase !== "paused" || this.state.stopReason) return;
    this.capture?.resume();
    this.set({ phase: "recording" });
    await liveApi.resume(this.session.id).catch(() => undefined);
  }

  /** "Mark this moment": a highlight at the current recorded time (kept and retried if the network is down). */
  async mark(): Promise<void> {
    const at = Math.round(this.state.elapsedSec * 10) / 10;
    this.set({ marks: [...this.state.marks, at] });
    await liveApi.mark(this.session.id, at).catch(() => this.unsentMarks.push(at));
  }

  /**
   * Stops capturing, sends everything still stored, and asks the server to finish; chunks it
   * names as missing are sent again. Resolves with the new task's id.
   */
  async finish(): Promise<string> {
    if (this.state.phase === "finishing" || this.state.phase === "done") return this.untilDone();
    // The worklet's last samples arrive while still "recording", so they are kept.
    this.capture?.pause();
    await this.capture?.flush();
    this.set({ phase: "finishing", level: 0 });
    const tail = this.chunker.flush();
    if (tail) await this.addChunk(tail.seq, tail.bytes);
    await this.capture?.stop();
    this.capture = null;
    const lastSeq = this.chunker.nextSeq - 1;
    for (const at of this.unsentMarks.splice(0)) await liveApi.mark(this.session.id, at).catch(() => undefined);
    for (let attempt = 0; ; attempt++) {
      this.queue.retryNow();
      await this.queue.drained();
      try {
        const { taskId } = await liveApi.finish(this.session.id, lastSeq);
        this.events.abort();
        this.queue.close();
        await this.store.forget(this.session.id).catch(() => undefined);
        this.release();
        this.set({ phase: "done", taskId });
        return taskId;
      } catch (e) {
        const missing = missingSeqs(e);
        if (missing && missing.length > 0 && attempt < 10) {
          await this.queue.resend(missing);
          continue;
        }
        if (classifySendFailure(e).retry && attempt < 1000) {
          this.set({ connectionLost: true });
          await new Promise((r) => setTimeout(r, Math.min(15_000, 1000 * 2 ** Math.min(attempt, 4))));
          continue;
        }
        throw e;
      }
    }
  }

  /** Throws the recording away (server and local store). */
  async discard(): Promise<void> {
    this.events.abort();
    this.queue.close();
    await this.capture?.stop();
    this.capture = null;
    this.release();
    await liveApi.discard(this.session.id).catch(() => undefined);
    await this.store.forget(this.session.id).catch(() => undefined);
  }

  private untilDone(): Promise<string> {
    return new Promise((resolve) => {
      const off = this.subscribe((s) => {
        if (s.taskId) {
          off();
          resolve(s.taskId);
        }
      });
    });
  }

  private onAudio(samples: Float32Array, rate: number): void {
    if (this.state.phase !== "recording") return;
    this.resampler ??= new PcmResampler(rate);
    const pcm = this.resampler.push(samples);
    this.samples += pcm.length;
    const elapsedSec = this.baseSec + this.samples / LIVE_SAMPLE_RATE;
    const left = this.session.maxSeconds - elapsedSec;
    const warning = left <= this.session.warnBeforeSec ? Math.max(0, Math.ceil(left)) : null;
    this.set({ elapsedSec, maxLengthWarning: warning });
    for (const chunk of this.chunker.push(pcm)) void this.addChunk(chunk.seq, chunk.bytes);
    if (left <= 0) void this.limitReached("maxLength");
  }

  private async addChunk(seq: number, bytes: Uint8Array): Promise<void> {
    await this.queue.add(seq, bytes);
    this.set({ unsent: this.queue.size });
  }

  private onAck(ack: ChunkAck): void {
    this.set({ unsent: this.queue.size, creditsWarning: ack.warning === "credits" ? ack.remainingSec : this.state.creditsWarning });
    if (ack.stop) void this.limitReached(ack.stop);
  }

  /** The plan's minutes or the session's maximum length ran out: stop capturing; what was recorded is kept and finished by the UI. */
  private async limitReached(reason: StopReason): Promise<void> {
    if (this.state.stopReason) return;
    this.set({ stopReason: reason });
    if (this.state.phase === "recording") {
      this.capture?.pause();
      this.set({ phase: "paused", level: 0 });
    }
  }

  private async follow(): Promise<void> {
    let delay = 1000;
    while (!this.events.signal.aborted) {
      const opened = Date.now();
      await liveApi.follow(
        this.session.id,
        {
          onText: (segments) => this.set({ segments: mergeSegments(this.state.segments, segments) }),
          onStatus: (s) => this.set({ behind: s.behindSec > BEHIND_SEC }),
          onLimit: (l) => (l.warning ? undefined : void this.limitReached(l.reason)),
        },
        this.events.signal,
      );
      if (Date.now() - opened > 10_000) delay = 1000;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(15_000, delay * 2);
    }
  }

  private listen(): void {
    const online = () => this.queue.retryNow();
    const visible = () => {
      if (document.visibilityState !== "visible") return;
      this.capture?.wake();
      this.queue.retryNow();
      void this.keepAwake();
    };
    // Leaving the page (reload, close): what is held below one chunk is stored as a last, shorter
    // chunk, so a continued recording misses as little as possible (the write is best effort).
    const leaving = () => {
      if (this.state.phase !== "recording" && this.state.phase !== "paused") return;
      const tail = this.chunker.flush();
      if (tail) void this.queue.add(tail.seq, tail.bytes);
    };
    window.addEventListener("online", online);
    window.addEventListener("pagehide", leaving);
    document.addEventListener("visibilitychange", visible);
    this.cleanup.push(() => window.removeEventListener("online", online));
    this.cleanup.push(() => window.removeEventListener("pagehide", leaving));
    this.cleanup.push(() => document.removeEventListener("visibilitychange", visible));
  }

  /** Keeps the screen on where the browser allows it (released on lock; taken again when visible). */
  private async keepAwake(): Promise<void> {
    const nav = navigator as Navigator & { wakeLock?: { request: (type: "screen") => Promise<{ release: () => Promise<void> }> } };
    if (!nav.wakeLock || this.state.phase === "done") return;
    try {
      this.wakeLock = await nav.wakeLock.request("screen");
    } catch {
      // Refused (battery saver, no permission): recording goes on without it.
    }
  }

  private release(): void {
    this.cleanup.forEach((f) => f());
    this.cleanup = [];
    void this.wakeLock?.release().catch(() => undefined);
    this.wakeLock = null;
  }

  private set(patch: Partial<RecorderState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn(this.state);
  }
}
