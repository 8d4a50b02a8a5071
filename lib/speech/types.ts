// Shapes shared by every speech engine. Times are integer milliseconds from
// the start of the audio the engine was given.

export interface SpeechWord {
  begin: number;
  end: number;
  text: string;
}

export interface SpeechSegment {
  begin: number;
  end: number;
  text: string;
  words?: SpeechWord[];
  /** The speaker label a diarizing engine gave ("A", "B", … or a known speaker's name); absent from other engines. */
  speaker?: string;
}

export interface SpeechResult {
  /** What the engine recognised or was told (ISO 639-1), when it knows. */
  language?: string;
  segments: SpeechSegment[];
}

/** Speed against accuracy, picked per upload; engines without such a choice ignore it. */
export const DECODE_PROFILES = ["accurate", "fast"] as const;
export type DecodeProfile = (typeof DECODE_PROFILES)[number];
export const DEFAULT_DECODE_PROFILE: DecodeProfile = "accurate";

export interface TranscribeOptions {
  /** The spoken language (ISO 639-1); absent lets an engine that can detect it do so. */
  language?: string;
  /** "fast" trades accuracy for speed (lib/speech/pocketsphinx.ts DECODER_PROFILES). */
  profile?: DecodeProfile;
  /** Names and terms the user expects; each engine uses them as well as it can. */
  hotwords?: string[];
  /** People a diarizing engine should name itself: a name and a 2–10 s reference clip (data URL) each, at most 4. */
  knownSpeakers?: KnownSpeaker[];
  signal?: AbortSignal;
}

export interface KnownSpeaker {
  name: string;
  /** data:audio/wav;base64,… */
  reference: string;
}

/** How transcribeLong should cut audio for an engine. */
export interface ChunkPlan {
  targetChunkSec: number;
  maxChunkSec: number;
}

export interface SpeechEngine {
  name: string;
  /** Model or acoustic model in use, for the health route and the task record. */
  model?: string;
  /** Preferred chunk sizes for long audio; transcribeLong has defaults. */
  chunking?: ChunkPlan;
  /** The built-in offline engine (as against a speech service the operator connected). */
  embedded?: boolean;
  /** The spoken languages it recognises (ISO 639-1); absent: any it is told. */
  languages?: readonly string[];
  /** Whether it finds the language itself when it is not told one. */
  detectsLanguage?: boolean;
  /** It labels each segment with its speaker (e.g. OpenAI's gpt-4o-transcribe-diarize); the pipeline then uses its labels. */
  diarizes?: boolean;
  transcribe(wavPath: string, opts: TranscribeOptions): Promise<SpeechResult>;
}
