import "server-only";
import fsp from "node:fs/promises";
import ffmpeg, { type FfprobeData, type FfprobeStream } from "fluent-ffmpeg";

// What a media tools upload is, from its bytes (ffprobe), never from its name or declared type.
// Same families as the transcription intake (lib/media/probe.ts), but a video without sound
// is still a video here (the tools say "no audio track" rather than "damaged").

export interface ToolProbe {
  kind: "video" | "audio";
  /** A short name for the list: mp4, mov, mkv, webm, avi, flv, wmv, 3gp, mpg, ts, mp3, wav, flac, aac, m4a, ogg, opus, wma, aiff, amr. */
  format: string;
  durationSec: number;
  hasAudio: boolean;
  audioCodec: string | null;
  /** The audio stream's bitrate in kbps, when known. */
  audioKbps: number | null;
}

/** Demuxer families of ffprobe's format_name that we take; anything else (text, images, PDFs...) is not media. */
const FAMILIES = ["mov", "mp4", "3gp", "matroska", "webm", "avi", "flv", "asf", "mp3", "wav", "flac", "aac", "ogg", "mpeg", "mpegts", "aiff", "amr"];

/** null: not a media file we take (ffprobe cannot read it, or it is an image, text, ...). */
export async function probeToolMedia(filePath: string): Promise<ToolProbe | null> {
  let data: FfprobeData;
  try {
    data = await new Promise<FfprobeData>((resolve, reject) => ffmpeg.ffprobe(filePath, (err: unknown, d: FfprobeData) => (err ? reject(err) : resolve(d))));
  } catch {
    return null;
  }
  const names = String(data.format.format_name ?? "").split(",");
  if (!names.some((n) => FAMILIES.includes(n))) return null;
  const audio = data.streams.find((s) => s.codec_type === "audio");
  const video = data.streams.find((s) => s.codec_type === "video" && !isStill(s));
  if (!audio && !video) return null;
  const kind = video ? "video" : "audio";
  const durationSec = num(data.format.duration) ?? num(audio?.duration) ?? num(video?.duration) ?? 0;
  const bitRate = num(audio?.bit_rate) ?? (kind === "audio" ? num(data.format.bit_rate) : undefined);
  return {
    kind,
    format: formatName(names, data, kind, audio?.codec_name, await isWebm(filePath)),
    durationSec,
    hasAudio: Boolean(audio),
    audioCodec: audio?.codec_name ?? null,
    audioKbps: bitRate ? Math.round(bitRate / 1000) : null,
  };
}

function formatName(names: string[], data: FfprobeData, kind: "video" | "audio", codec: string | undefined, webm: boolean): string {
  const has = (n: string) => names.includes(n);
  const brand = String(data.format.tags?.major_brand ?? "").trim().toLowerCase();
  if (has("mov") || has("mp4")) {
    if (kind === "audio") return "m4a";
    if (brand === "qt") return "mov";
    if (brand.startsWith("3g")) return "3gp";
    if (brand.startsWith("m4v")) return "m4v";
    return "mp4";
  }
  if (has("matroska") || has("webm")) return webm ? "webm" : kind === "audio" ? "mka" : "mkv";
  if (has("asf")) return kind === "video" ? "wmv" : "wma";
  if (has("ogg")) return codec === "opus" ? "opus" : "ogg";
  if (has("mpeg")) return kind === "video" ? "mpg" : "mp3";
  if (has("mpegts")) return "ts";
  return names.find((n) => FAMILIES.includes(n)) ?? names[0] ?? "media";
}

/** Cover art in an MP3 or M4A is a "video" stream of one picture. */
function isStill(s: FfprobeStream): boolean {
  return Number(s.disposition?.attached_pic ?? 0) === 1 || ["png", "bmp", "gif"].includes(String(s.codec_name));
}

/** ffprobe names Matroska and WebM alike; the EBML DocType near the start tells them apart. */
async function isWebm(filePath: string): Promise<boolean> {
  const fh = await fsp.open(filePath, "r");
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await fh.read(buf, 0, 64, 0);
    return buf.subarray(0, bytesRead).includes("webm", 0, "ascii");
  } finally {
    await fh.close();
  }
}

function num(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * The first audio stream's sample rate and channels (the worker's conversion keeps a narrower
 * source's own); nulls when ffprobe cannot tell.
 */
export async function probeSourceAudio(filePath: string): Promise<{ sampleRate: number | null; channels: number | null }> {
  try {
    const data = await new Promise<FfprobeData>((resolve, reject) => ffmpeg.ffprobe(filePath, (err: unknown, d: FfprobeData) => (err ? reject(err) : resolve(d))));
    const audio = data.streams.find((s) => s.codec_type === "audio");
    return { sampleRate: num(audio?.sample_rate) ?? null, channels: num(audio?.channels) ?? null };
  } catch {
    return { sampleRate: null, channels: null };
  }
}
