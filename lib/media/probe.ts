import "server-only";
import fsp from "node:fs/promises";
import ffmpeg, { type FfprobeData, type FfprobeStream } from "fluent-ffmpeg";
import { AppError } from "@/lib/api/errors";
import { readWavInfo } from "./wav";

export type MediaKind = "audio" | "video";

export interface MediaProbe {
  kind: MediaKind;
  /** mp3 | wav | m4a | ogg | flac | aac | mp4 | webm | mov | mpg */
  container: string;
  durationSec: number;
  hasAudio: boolean;
  audioCodec?: string;
  videoCodec?: string;
}

/**
 * Decides what an uploaded file is from its bytes, never from its name.
 *  - ffprobe cannot open it: a media signature at the start means a broken
 *    media file (corruptMedia); anything else (text, PDF, ...) is unsupportedType.
 *  - ffprobe opens it as a format we do not take (tty for text, png_pipe,
 *    avi, mkv, ...): unsupportedType.
 *  - a container we take but with no audio stream, no duration, or a WAV shorter
 *    than its header says (an interrupted upload): corruptMedia.
 */
export async function probeMedia(filePath: string): Promise<MediaProbe> {
  const head = await readHead(filePath, 64);
  if (head.length === 0) throw new AppError("upload.corruptMedia");

  let data: FfprobeData;
  try {
    data = await ffprobe(filePath);
  } catch {
    throw new AppError(looksLikeMedia(head) ? "upload.corruptMedia" : "upload.unsupportedType");
  }

  const container = containerOf(data, head);
  if (!container) throw new AppError("upload.unsupportedType");

  const audio = data.streams.find((s) => s.codec_type === "audio");
  const video = data.streams.find((s) => s.codec_type === "video" && !isCoverArt(s));
  if (!audio) throw new AppError("upload.corruptMedia");

  if (container === "wav") {
    const info = await readWavInfo(filePath).catch(() => null);
    // Only PCM WAV can be checked this cheaply; other WAV codecs rely on ffprobe.
    if (info && info.declaredDataBytes !== null && info.dataBytes < info.declaredDataBytes * 0.99 - 4096) {
      throw new AppError("upload.corruptMedia");
    }
  }

  let durationSec = num(data.format.duration) ?? num(audio.duration);
  // Browser MediaRecorder webm files have no duration in the header: measure by demuxing.
  if (durationSec === undefined) durationSec = await demuxDuration(filePath);
  if (!durationSec || durationSec <= 0) throw new AppError("upload.corruptMedia");

  const audioOnlyContainer = AUDIO_ONLY.has(container);
  const kind: MediaKind = video && !audioOnlyContainer ? "video" : "audio";
  return {
    kind,
    container: kind === "audio" && container === "mp4" && isM4a(data) ? "m4a" : container,
    durationSec,
    hasAudio: true,
    audioCodec: audio.codec_name,
    videoCodec: kind === "video" ? video?.codec_name : undefined,
  };
}

const AUDIO_ONLY = new Set(["mp3", "wav", "flac", "aac", "m4a", "ogg"]);

/** Maps ffprobe's format_name (a comma list of demuxer aliases) to the containers we take. */
function containerOf(data: FfprobeData, head: Buffer): string | null {
  const names = String(data.format.format_name ?? "").split(",");
  const has = (n: string) => names.includes(n);
  if (has("wav")) return "wav";
  if (has("mp3")) return "mp3";
  if (has("flac")) return "flac";
  if (has("aac")) return "aac";
  if (has("ogg")) return "ogg";
  if (has("mpeg")) return "mpg";
  if (has("mov") || has("mp4")) {
    const brand = String(data.format.tags?.major_brand ?? "").trim().toLowerCase();
    if (brand === "qt") return "mov";
    if (brand.startsWith("m4a") || brand.startsWith("m4b")) return "m4a";
    if (brand.startsWith("3g")) return null; // 3GP/3G2 phone formats: not on the list
    return "mp4";
  }
  // ffprobe says "matroska,webm" for both; the EBML DocType tells them apart.
  if (has("matroska") || has("webm")) return head.includes("webm", 0, "ascii") ? "webm" : null;
  return null;
}

function isM4a(data: FfprobeData): boolean {
  const brand = String(data.format.tags?.major_brand ?? "").trim().toLowerCase();
  return brand.startsWith("m4a") || brand.startsWith("m4b");
}

function isCoverArt(s: FfprobeStream): boolean {
  return Number(s.disposition?.attached_pic ?? 0) === 1;
}

/** Signatures of the container families we accept, used only when ffprobe fails. */
function looksLikeMedia(b: Buffer): boolean {
  const ascii = (at: number, s: string) => b.length >= at + s.length && b.toString("latin1", at, at + s.length) === s;
  return (
    (ascii(0, "RIFF") && ascii(8, "WAVE")) ||
    ascii(0, "ID3") ||
    (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) || // MPEG audio / ADTS frame sync
    ["ftyp", "moov", "mdat", "free", "skip", "wide"].some((box) => ascii(4, box)) ||
    ascii(0, "OggS") ||
    ascii(0, "fLaC") ||
    (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) || // EBML (webm)
    (b.length >= 4 && (b.readUInt32BE(0) === 0x000001ba || b.readUInt32BE(0) === 0x000001b3)) // MPEG-PS
  );
}

async function readHead(filePath: string, n: number): Promise<Buffer> {
  const fh = await fsp.open(filePath, "r");
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function ffprobe(filePath: string): Promise<FfprobeData> {
  return new Promise((resolve, reject) => ffmpeg.ffprobe(filePath, (err: unknown, data: FfprobeData) => (err ? reject(err) : resolve(data))));
}

/** Duration by stream-copying the audio to nowhere and reading ffmpeg's last timestamp. */
function demuxDuration(filePath: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let last: number | undefined;
    ffmpeg(filePath)
      .outputOptions(["-map", "0:a:0", "-c", "copy"])
      .format("null")
      .on("progress", (p: { timemark?: string }) => {
        last = timemark(p.timemark) ?? last;
      })
      .on("end", (_out: string | null, stderr: string | null) => {
        const all = [...(stderr ?? "").matchAll(/time=(\d+:\d+:\d+(?:\.\d+)?)/g)];
        resolve(timemark(all.at(-1)?.[1]) ?? last);
      })
      .on("error", () => resolve(undefined))
      .save("-");
  });
}

function timemark(t: string | undefined): number | undefined {
  const m = t?.match(/^(\d+):(\d+):(\d+(?:\.\d+)?)$/);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

function num(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
