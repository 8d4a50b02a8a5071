"use client";
// Live recording's capture: opens the sources (microphone, a tab's or screen's audio, or
// both), joins them in one Web Audio graph that sums them into the capture worklet
// (public/live/capture-worklet.js), and hands the page float blocks plus a level. Each
// source also gets an analyser, so a source that gives only digital silence is reported.
import type { LiveSource } from "./live.client";
import { rms } from "./pcm";

/** Browser-side failures, each a catalogue message under live.* */
export type CaptureErrorCode = "micDenied" | "noInputDevice" | "unsupportedBrowser" | "tabNoAudio" | "shareCancelled";

export class CaptureError extends Error {
  constructor(readonly code: CaptureErrorCode) {
    super(code);
    this.name = "CaptureError";
  }
}

export function captureSupported(): boolean {
  return typeof window !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia) && typeof AudioWorkletNode !== "undefined" && typeof AudioContext !== "undefined";
}

/** Sharing a tab's audio is a desktop feature: phone browsers have no getDisplayMedia (or no audio in it). */
export function tabCaptureSupported(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getDisplayMedia === "function" && !/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

function mapMicError(e: unknown): CaptureError {
  const name = (e as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return new CaptureError("micDenied");
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError") return new CaptureError("noInputDevice");
  return new CaptureError("unsupportedBrowser");
}

async function openTab(): Promise<MediaStream> {
  let stream: MediaStream;
  try {
    // Chromium only offers "share tab audio" when video is asked for too; the video track is dropped at once.
    stream = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true });
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    throw new CaptureError(name === "NotAllowedError" || name === "AbortError" ? "shareCancelled" : "unsupportedBrowser");
  }
  for (const track of stream.getVideoTracks()) {
    track.stop();
    stream.removeTrack(track);
  }
  if (stream.getAudioTracks().length === 0) throw new CaptureError("tabNoAudio");
  return stream;
}

async function openMic(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 } });
  } catch (e) {
    throw mapMicError(e);
  }
}

/**
 * The streams for a source. Call it straight from the click that starts recording: the
 * screen-share picker needs that user gesture, so the tab is asked for first.
 */
export async function openSources(source: LiveSource): Promise<MediaStream[]> {
  if (!captureSupported()) throw new CaptureError("unsupportedBrowser");
  if (source === "mic") return [await openMic()];
  const tab = await openTab();
  if (source === "tab") return [tab];
  try {
    return [await openMic(), tab];
  } catch (e) {
    stopStreams([tab]);
    throw e;
  }
}

export function stopStreams(streams: readonly MediaStream[]): void {
  for (const s of streams) for (const t of s.getTracks()) t.stop();
}

export interface CaptureCallbacks {
  /** Float samples at `sampleRate`, mono. */
  onAudio: (samples: Float32Array, sampleRate: number) => void;
  /** 0..1, about 25 times a second. */
  onLevel?: (level: number) => void;
  /** A source gave nothing but digital silence for its first `silenceMs` (index into the streams). */
  onSilentSource?: (index: number) => void;
  /** Every track of every source ended (device unplugged, "Stop sharing" pressed). */
  onEnded?: () => void;
}

export const SILENCE_CHECK_MS = 3000;

export class LiveCapture {
  private constructor(
    private readonly ctx: AudioContext,
    private readonly node: AudioWorkletNode,
    readonly streams: MediaStream[],
    private readonly timers: ReturnType<typeof setTimeout>[],
  ) {}

  static async start(streams: MediaStream[], cb: CaptureCallbacks): Promise<LiveCapture> {
    const ctx = new AudioContext();
    await ctx.audioWorklet.addModule("/live/capture-worklet.js");
    const node = new AudioWorkletNode(ctx, "live-capture", { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
    // A silent path to the destination keeps the worklet pulled by the graph in every browser.
    const mute = ctx.createGain();
    mute.gain.value = 0;
    node.connect(mute).connect(ctx.destination);
    const timers: ReturnType<typeof setTimeout>[] = [];
    streams.forEach((stream, index) => {
      const src = ctx.createMediaStreamSource(stream);
      src.connect(node);
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      src.connect(analyser);
      const buf = new Float32Array(analyser.fftSize);
      let heard = false;
      const poll = setInterval(() => {
        analyser.getFloatTimeDomainData(buf);
        if (buf.some((v) => v !== 0)) heard = true;
      }, 100);
      timers.push(poll);
      timers.push(
        setTimeout(() => {
          clearInterval(poll);
          if (!heard) cb.onSilentSource?.(index);
        }, SILENCE_CHECK_MS),
      );
      for (const track of stream.getAudioTracks()) {
        track.addEventListener("ended", () => {
          if (streams.every((s) => s.getAudioTracks().every((t) => t.readyState === "ended"))) cb.onEnded?.();
        });
      }
    });
    node.port.onmessage = (e: MessageEvent<{ type: string; samples?: Float32Array }>) => {
      if (e.data.type !== "audio" || !e.data.samples) return;
      cb.onAudio(e.data.samples, ctx.sampleRate);
      cb.onLevel?.(Math.min(1, rms(e.data.samples) * 4));
    };
    if (ctx.state === "suspended") await ctx.resume().catch(() => undefined);
    return new LiveCapture(ctx, node, streams, timers);
  }

  pause(): void {
    this.node.port.postMessage({ type: "pause" });
  }

  resume(): void {
    void this.ctx.resume().catch(() => undefined);
    this.node.port.postMessage({ type: "resume" });
  }

  /** Waits until the worklet has handed over every sample it holds. */
  flush(): Promise<void> {
    return new Promise((resolve) => {
      const prev = this.node.port.onmessage;
      const t = setTimeout(resolve, 500);
      this.node.port.onmessage = (e: MessageEvent<{ type: string }>) => {
        prev?.call(this.node.port, e);
        if (e.data.type === "flushed") {
          clearTimeout(t);
          this.node.port.onmessage = prev;
          resolve();
        }
      };
      this.node.port.postMessage({ type: "flush" });
    });
  }

  /** The context may be suspended by the browser (screen locked, tab in background): wake it. */
  wake(): void {
    if (this.ctx.state === "suspended") void this.ctx.resume().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.forEach((t) => clearInterval(t));
    stopStreams(this.streams);
    await this.ctx.close().catch(() => undefined);
  }
}
