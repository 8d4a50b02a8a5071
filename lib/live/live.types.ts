// The live recording protocol's shapes (docs/live.md), shared by the server and the browser
// (which imports them with `import type`). No server code here.

export type LiveSource = "mic" | "tab" | "mix";
export type LiveStateName = "recording" | "paused" | "ended";
export type LiveStopReason = "credits" | "maxLength";

export interface LiveMarkJson {
  id: string;
  atSec: number;
}

export interface LiveSessionJson {
  id: string;
  state: LiveStateName;
  source: LiveSource;
  spokenLanguage: string;
  title: string | null;
  chunkSeconds: number;
  sampleRate: 16000;
  /** Highest seq such that every chunk 0..seq is stored; -1 when none. */
  receivedSeq: number;
  /** Seconds of audio stored (every stored chunk, contiguous or not). */
  durationSec: number;
  maxSeconds: number;
  warnBeforeSec: number;
  /** Seconds of the plan's minutes left, after this and the caller's other open recordings. */
  remainingSec: number;
  stop: LiveStopReason | null;
  marks: LiveMarkJson[];
  taskId: string | null;
  createdAt: string;
}

export interface LiveChunkAnswer {
  receivedSeq: number;
  durationSec: number;
  remainingSec: number;
  /** Set on the last chunk taken: the browser stops recording (and shows the out-of-credits dialog for "credits"). */
  stop?: LiveStopReason;
  /** Set while within warnBeforeSec of a limit: the browser shows the warning once. */
  warning?: LiveStopReason;
}

export interface LiveSegment {
  id: string;
  startSec: number;
  endSec: number;
  text: string;
  /** False while the utterance is still open (its partial words, replaced as it grows). */
  final: boolean;
}

export interface LiveStatus {
  receivedSeq: number;
  durationSec: number;
  decodedSec: number;
  /** Seconds of stored audio the live engine has not heard yet; above ~3 the UI says it is behind. */
  behindSec: number;
  state: LiveStateName;
}

/** The events of GET /api/live/sessions/:id/events (text/event-stream), by their `event:` name. */
export interface LiveEvents {
  text: { segments: LiveSegment[] };
  status: LiveStatus;
  limit: { reason: LiveStopReason; warning: boolean };
}

export const LIVE_SAMPLE_RATE = 16000;
/** Bytes per second of the chunks' audio: 16-bit mono at 16 kHz. */
export const LIVE_BYTES_PER_SEC = LIVE_SAMPLE_RATE * 2;
/** Warn this long before the session's maximum length or the plan's last minute. */
export const LIVE_WARN_BEFORE_SEC = 300;
/** Largest chunk body taken (2 s of audio is 64000 bytes). */
export const LIVE_CHUNK_MAX_BYTES = 64 * 1024;
