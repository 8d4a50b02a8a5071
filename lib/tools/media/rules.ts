// The media tools' rules, shared by the browser (pickers, estimates) and the server.
// Plain module on purpose: no "server-only", no Node imports.
import { z } from "zod";

/** A media tools file is at most 1 GB. */
export const MEDIA_TOOLS_MAX_BYTES = 1024 * 1024 * 1024;

export const TOOLS = ["extract", "compress"] as const;
export type MediaTool = (typeof TOOLS)[number];

/** The formats the audio compressor may write; video to audio (re-encoding) offers the same four. */
export const OUTPUT_FORMATS = ["mp3", "m4a", "aac", "wav"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Compression quality (business limits): 10% to 90% in steps of 10, default and recommended 40%. */
export const QUALITY_MIN = 10;
export const QUALITY_MAX = 90;
export const QUALITY_DEFAULT = 40;

/** Video to audio: the audio quality, as a bitrate in kbps (standard, high, best). */
export const EXTRACT_BITRATES = [128, 192, 320] as const;
export const EXTRACT_BITRATE_DEFAULT = 192;

/** File-picker hints only: the server decides by content. */
export const VIDEO_EXTENSIONS = [".mp4", ".avi", ".mov", ".mkv", ".flv", ".wmv", ".webm", ".m4v", ".3gp", ".mpg", ".mpeg", ".ts", ".mts"] as const;
export const AUDIO_EXTENSIONS = [".mp3", ".wav", ".flac", ".aac", ".m4a", ".ogg", ".wma", ".opus", ".aiff", ".aif", ".amr"] as const;

/** What "fastest" (the stream copy) writes for a source's audio codec: the container that takes it as it is. */
export interface FastestOutput {
  /** File extension, also the format shown in the list. */
  ext: string;
  mime: string;
  /** ffmpeg's muxer for it. */
  muxer: string;
  /** The copy plays nearly anywhere (phones, computers, browsers): MP3, AAC in M4A, Opus, PCM WAV. */
  playsAnywhere: boolean;
}

const COPY_TARGETS: Record<string, Omit<FastestOutput, "playsAnywhere">> = {
  aac: { ext: "m4a", mime: "audio/mp4", muxer: "ipod" },
  alac: { ext: "m4a", mime: "audio/mp4", muxer: "ipod" },
  mp3: { ext: "mp3", mime: "audio/mpeg", muxer: "mp3" },
  mp2: { ext: "mp2", mime: "audio/mpeg", muxer: "mp2" },
  opus: { ext: "ogg", mime: "audio/ogg", muxer: "ogg" },
  vorbis: { ext: "ogg", mime: "audio/ogg", muxer: "ogg" },
  flac: { ext: "flac", mime: "audio/flac", muxer: "flac" },
  pcm_s16le: { ext: "wav", mime: "audio/wav", muxer: "wav" },
  pcm_s24le: { ext: "wav", mime: "audio/wav", muxer: "wav" },
  pcm_u8: { ext: "wav", mime: "audio/wav", muxer: "wav" },
  pcm_f32le: { ext: "wav", mime: "audio/wav", muxer: "wav" },
};
/** Any other codec (AC-3, WMA, AMR...) is copied into Matroska audio, which takes them all. */
const COPY_FALLBACK = { ext: "mka", mime: "audio/x-matroska", muxer: "matroska" };
const PLAYS_ANYWHERE = new Set(["mp3", "aac", "opus", "pcm_s16le", "pcm_s24le", "pcm_u8", "pcm_f32le"]);

export function fastestOutput(audioCodec: string | null): FastestOutput {
  const codec = audioCodec ?? "";
  return { ...(COPY_TARGETS[codec] ?? COPY_FALLBACK), playsAnywhere: PLAYS_ANYWHERE.has(codec) };
}

/** A codec's name as people know it ("MP2", "AC-3", "WMA"), for the fastest-mode notice. */
export function codecLabel(audioCodec: string | null): string {
  const codec = audioCodec ?? "";
  if (codec.startsWith("pcm_")) return "PCM";
  if (codec.startsWith("wmav") || codec === "wmapro" || codec === "wmalossless") return "WMA";
  const known: Record<string, string> = { aac: "AAC", alac: "ALAC", mp3: "MP3", mp2: "MP2", opus: "Opus", vorbis: "Vorbis", flac: "FLAC", ac3: "AC-3", eac3: "E-AC-3", dts: "DTS", amr_nb: "AMR", amr_wb: "AMR-WB" };
  return known[codec] ?? (codec.toUpperCase() || "?");
}

/** Compression settings 10%..90% as the standard MP3/AAC bitrates (kbps): 40% is 128 kbps. */
const COMPRESS_KBPS = [32, 64, 96, 128, 160, 192, 224, 256, 320];

/**
 * The bitrate a lossy output is encoded at: the setting's step, never above a lossy source's own,
 * and for the compressor never above what a speech-rate source needs (speechKbpsCap).
 */
export function targetKbps(tool: MediaTool, quality: number, sourceKbps: number | null, sourceLossless: boolean, source?: SourceAudio): number {
  const stepped = tool === "compress" ? COMPRESS_KBPS[Math.min(8, Math.max(0, Math.round(quality / 10) - 1))]! : quality;
  const speechCap = tool === "compress" ? speechKbpsCap(source) : null;
  const asked = speechCap ? Math.min(stepped, speechCap) : stepped;
  // Re-encoding a 128 kbps MP3 at 288 kbps only makes it bigger: a lossy source caps the output.
  return !sourceLossless && sourceKbps && sourceKbps > 0 ? Math.min(asked, Math.max(speechCap ? 24 : 32, Math.round(sourceKbps))) : asked;
}

/** The source's audio stream: its sample rate (Hz) and channels, when known. */
export interface SourceAudio {
  sampleRate: number | null;
  channels: number | null;
}

/** WAV is PCM: compression lowers the sample rate and, below 50%, goes mono; never above the source's own. */
export function wavShape(tool: MediaTool, quality: number, source?: SourceAudio): { sampleRate: number; channels: number } {
  if (tool === "extract") return { sampleRate: 44100, channels: 2 };
  const rates = [11025, 11025, 16000, 16000, 22050, 22050, 32000, 32000, 44100];
  const planned = { sampleRate: rates[Math.min(8, Math.max(0, Math.round(quality / 10) - 1))]!, channels: quality < 50 ? 1 : 2 };
  return keepNarrowerSource(planned, source);
}

/** Sample rates every encoder we use (LAME's MPEG-1/2/2.5, AAC, PCM) takes. */
const ENCODER_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

/**
 * A source with fewer channels or a lower sample rate than planned keeps its own: upsampling
 * 16 kHz speech to 44.1 kHz stereo adds bytes and nothing to hear. Rates snap down to one the
 * encoders take.
 */
export function keepNarrowerSource(planned: { sampleRate: number; channels: number }, source?: SourceAudio): { sampleRate: number; channels: number } {
  const rate = source?.sampleRate && source.sampleRate > 0 ? Math.min(planned.sampleRate, source.sampleRate) : planned.sampleRate;
  const channels = source?.channels && source.channels > 0 ? Math.min(planned.channels, source.channels) : planned.channels;
  return { sampleRate: [...ENCODER_RATES].reverse().find((r) => r <= rate) ?? ENCODER_RATES[0]!, channels };
}

/** MPEG-2 Layer III bitrates (the ones LAME takes at 16–24 kHz), also fine for AAC. */
const SPEECH_KBPS = [24, 32, 40, 48, 56, 64, 80, 96];

/**
 * Speech-rate sources (at most 24 kHz per channel: telephone, dictation, speech corpora) carry
 * a quarter of music's bandwidth: 2 kbps per kHz per channel (16 kHz mono → 32 kbps, 22.05 kHz
 * → 40, 24 kHz → 48), at least 24 kbps per channel. null: no cap (a music-rate source).
 */
export function speechKbpsCap(source?: SourceAudio): number | null {
  const rate = source?.sampleRate;
  if (!rate || rate > 24000) return null;
  const channels = Math.min(2, Math.max(1, source?.channels ?? 1));
  const wanted = Math.max(24, Math.round((rate / 1000) * 2)) * channels;
  return [...SPEECH_KBPS].reverse().find((k) => k <= wanted) ?? SPEECH_KBPS[0]!;
}

/**
 * The source's rate and channels as far as the upload's probe tells them: PCM's bitrate is
 * rate × channels × sample size, and a product of at most 24 kHz can only be a speech-rate
 * source (taken as mono). Other codecs: unknown (the worker probes the file itself).
 */
export function sourceAudioFromBitrate(audioCodec: string | null, sourceKbps: number | null): SourceAudio | undefined {
  const bits = Number(/^pcm_[suf](8|16|24|32)/.exec(audioCodec ?? "")?.[1] ?? 0);
  if (!bits || !sourceKbps) return undefined;
  const product = (sourceKbps * 1000) / bits;
  return product <= 24000 ? { sampleRate: Math.round(product), channels: 1 } : undefined;
}

export const LOSSLESS_CODECS = new Set(["pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le", "pcm_u8", "pcm_s16be", "flac", "alac", "wavpack"]);

export interface EstimateInput {
  tool: MediaTool;
  durationSec: number;
  /** The source's audio bitrate in kbps, when known. */
  sourceKbps: number | null;
  audioCodec: string | null;
  originalSize: number;
}

export interface StartOptions {
  mode: "fastest" | "encode";
  format: OutputFormat;
  quality: number;
}

/** The output size in bytes the UI shows before starting (container overhead ignored). */
export function estimateOutputBytes(input: EstimateInput, opts: StartOptions): number {
  const secs = Math.max(0, input.durationSec);
  if (opts.mode === "fastest") return Math.round(((input.sourceKbps ?? 128) * 1000 * secs) / 8);
  const source = input.tool === "compress" ? sourceAudioFromBitrate(input.audioCodec, input.sourceKbps) : undefined;
  if (opts.format === "wav") {
    const { sampleRate, channels } = wavShape(input.tool, opts.quality, source);
    return Math.round(sampleRate * channels * 2 * secs) + 44;
  }
  const kbps = targetKbps(input.tool, opts.quality, input.sourceKbps, LOSSLESS_CODECS.has(input.audioCodec ?? ""), source);
  return Math.round((kbps * 1000 * secs) / 8);
}

/** POST /api/tools/media/files/{id}/start. */
export const startSchema = z
  .object({
    mode: z.enum(["fastest", "encode"]).default("encode"),
    format: z.enum(OUTPUT_FORMATS).default("mp3"),
    quality: z.coerce.number().int().default(QUALITY_DEFAULT),
  })
  .strict();
export type StartBody = z.infer<typeof startSchema>;

/** The quality is checked against the file's tool (a percentage or a bitrate). */
export function qualityValid(tool: MediaTool, quality: number): boolean {
  return tool === "compress" ? quality >= QUALITY_MIN && quality <= QUALITY_MAX && quality % 10 === 0 : (EXTRACT_BITRATES as readonly number[]).includes(quality);
}

/** What the browser shows of one processed file (the server's view, as JSON). */
export interface ProcessedFileView {
  id: string;
  tool: MediaTool;
  status: "uploaded" | "queued" | "processing" | "completed" | "failed" | "expired";
  mode: "fastest" | "encode" | null;
  originalName: string;
  originalSize: number;
  originalFormat: string;
  sourceKbps: number | null;
  audioCodec: string | null;
  processedSize: number | null;
  audioFormat: string | null;
  duration: number;
  qualityLevel: number | null;
  createdAt: string;
  completedAt: string | null;
  downloadExpiresAt: string;
  errorCode: string | null;
  progress: number | null;
}
