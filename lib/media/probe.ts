import "server-only";
import fsp from "node:fs/promises";
import ffmpeg, { type FfprobeData, type FfprobeStream } from "fluent-ffmpeg";
import { AppError } from "@/lib/server/errors";
import { CONTAINERS, type MediaKind } from "./formats";
import { readWavInfo } from "./wav";

export type { MediaKind };

export interface MediaProbe {
  kind: MediaKind;
  /** Our short name of the container (lib/media/formats.ts CONTAINERS): mp3, flac, m4a, mp4, mkv, mpg, wmv, ... */
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
 *    srt, ...): unsupportedType.
 *  - a container we take but with no audio stream, no duration, or a WAV shorter
 *    than its header says (an interrupted upload): corruptMedia.
 */
export async function probeMedia(filePath: string): Promise<MediaProbe> {
  const head = await readHead(filePath, 256);
  if (head.length === 0) throw new AppError("upload.corruptMedia");

  let data: FfprobeData;
  try {
    data = await ffprobe(filePath);
  } catch {
    throw new AppError(looksLikeMedia(head) ? "upload.corruptMedia" : "upload.unsupportedType");
  }

  const audio = data.streams.find((s) => s.codec_type === "audio");
  const video = data.streams.find((s) => s.codec_type === "video" && !isCoverArt(s));
  const container = containerOf(data, head, Boolean(video));
  if (!container) throw new AppError("upload.unsupportedType");
  if (!audio) throw new AppError("upload.corruptMedia");

  if (container === "wav") {
    const info = await readWavInfo(filePath).catch(() => null);
    // Only PCM WAV can be checked this cheaply; other WAV codecs rely on ffprobe.
    if (info && info.declaredDataBytes !== null && info.dataBytes < info.declaredDataBytes * 0.99 - 4096) {
      throw new AppError("upload.corruptMedia");
    }
  }

  // Raw ADTS and AMR streams have no length in a header: ffprobe guesses from the bitrate
  // (11.46 s for 11.0 s of AAC). Browser MediaRecorder webm files have none at all. Measure by demuxing.
  let durationSec = RAW_STREAMS.has(container) ? undefined : (num(data.format.duration) ?? num(audio.duration));
  if (durationSec === undefined) durationSec = await demuxDuration(filePath);
  if (!durationSec || durationSec <= 0) throw new AppError("upload.corruptMedia");

  const kind: MediaKind = video && !CONTAINERS[container]!.audioOnly ? "video" : "audio";
  return {
    kind,
    container,
    durationSec,
    hasAudio: true,
    audioCodec: audio.codec_name,
    videoCodec: kind === "video" ? video?.codec_name : undefined,
  };
}

/** Containers whose length ffprobe only estimates. */
const RAW_STREAMS = new Set(["aac", "amr"]);

/** ffprobe demuxers (format_name) that are one container of ours each, whatever they hold. */
const SIMPLE: Record<string, string> = { wav: "wav", mp3: "mp3", flac: "flac", aac: "aac", ogg: "ogg", aiff: "aiff", amr: "amr", avi: "avi", flv: "flv", mpeg: "mpg", mpegts: "ts" };

/**
 * Maps ffprobe's format_name (a comma list of demuxer aliases) to the containers we take
 * (lib/media/formats.ts), or null for anything else: text, images, subtitles, playlists...
 */
function containerOf(data: FfprobeData, head: Buffer, hasVideo: boolean): string | null {
  const names = String(data.format.format_name ?? "").split(",");
  const has = (n: string) => names.includes(n);
  // The ISO family first: its alias list names mp4, m4a, 3gp alike; the major brand tells them apart.
  if (has("mov") || has("mp4")) {
    const brand = String(data.format.tags?.major_brand ?? "").trim().toLowerCase();
    if (brand === "qt") return "mov";
    if (brand.startsWith("m4a") || brand.startsWith("m4b")) return "m4a";
    if (brand.startsWith("3g")) return "3gp";
    if (brand.startsWith("m4v")) return "m4v";
    return hasVideo ? "mp4" : "m4a";
  }
  // ffprobe says "matroska,webm" for both; the EBML DocType tells them apart.
  if (has("matroska") || has("webm")) return head.subarray(0, 64).includes("webm", 0, "ascii") ? "webm" : hasVideo ? "mkv" : "mka";
  // ASF holds Windows Media audio (.wma) or video (.wmv).
  if (has("asf")) return hasVideo ? "wmv" : "wma";
  const simple = names.map((n) => SIMPLE[n]).find(Boolean);
  return simple ?? null;
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
    (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) || // EBML (webm, mkv)
    (b.length >= 4 && (b.readUInt32BE(0) === 0x000001ba || b.readUInt32BE(0) === 0x000001b3)) || // MPEG-PS
    (ascii(0, "RIFF") && ascii(8, "AVI ")) ||
    (ascii(0, "FORM") && (ascii(8, "AIFF") || ascii(8, "AIFC"))) ||
    ascii(0, "#!AMR") ||
    ascii(0, "FLV") ||
    (b.length >= 4 && b.readUInt32BE(0) === 0x3026b275) || // ASF (wma, wmv)
    (b.length >= 189 && b[0] === 0x47 && b[188] === 0x47) // MPEG-TS packets
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
