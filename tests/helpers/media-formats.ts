// Recordings in the formats people have, made in the test from corpus clips with ffmpeg:
// speech from single/en_jfk.wav (11.000 s), video from video/grid_id2_vcd_swwp2s.mpg (3.000 s),
// both lengths from the corpus manifest. Nothing is copied into the repo.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CORPUS } from "./api";

export const SPEECH_CLIP = path.join(CORPUS, "single/en_jfk.wav");
export const SPEECH_SECONDS = 11.0;
export const VIDEO_CLIP = path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg");
export const VIDEO_SECONDS = 3.0;

export interface FormatCase {
  /** What a person calls it. */
  label: string;
  file: string;
  kind: "audio" | "video";
  /** Our container name for it (lib/media/formats.ts). */
  container: string;
  /** Its length by the outside reference (the manifest, or the AMR format's 20 ms frames). */
  seconds: number;
  /** ffmpeg's output arguments; null for AMR, built by hand (see amrNb). */
  args: string[] | null;
}

const mp3 = ["-c:a", "libmp3lame"];
export const FORMAT_CASES: FormatCase[] = [
  { label: "FLAC", file: "speech.flac", kind: "audio", container: "flac", seconds: SPEECH_SECONDS, args: ["-c:a", "flac"] },
  { label: "AAC (ADTS)", file: "speech.aac", kind: "audio", container: "aac", seconds: SPEECH_SECONDS, args: ["-c:a", "aac", "-f", "adts"] },
  { label: "Opus in Ogg", file: "speech.opus", kind: "audio", container: "ogg", seconds: SPEECH_SECONDS, args: ["-c:a", "libopus", "-f", "ogg"] },
  { label: "Opus in WebM", file: "speech.webm", kind: "audio", container: "webm", seconds: SPEECH_SECONDS, args: ["-c:a", "libopus", "-f", "webm"] },
  { label: "WMA", file: "speech.wma", kind: "audio", container: "wma", seconds: SPEECH_SECONDS, args: ["-c:a", "wmav2", "-f", "asf"] },
  { label: "AIFF", file: "speech.aiff", kind: "audio", container: "aiff", seconds: SPEECH_SECONDS, args: ["-c:a", "pcm_s16be", "-f", "aiff"] },
  { label: "AMR-NB", file: "noise.amr", kind: "audio", container: "amr", seconds: 5.0, args: null },
  { label: "MKV", file: "clip.mkv", kind: "video", container: "mkv", seconds: VIDEO_SECONDS, args: ["-c:v", "mpeg4", ...mp3, "-f", "matroska"] },
  { label: "AVI", file: "clip.avi", kind: "video", container: "avi", seconds: VIDEO_SECONDS, args: ["-c:v", "mpeg4", ...mp3, "-f", "avi"] },
  { label: "MPG (MPEG-1 PS)", file: "clip.mpg", kind: "video", container: "mpg", seconds: VIDEO_SECONDS, args: ["-c:v", "mpeg1video", "-c:a", "mp2", "-f", "mpeg"] },
  { label: "MPG (MPEG-2 PS)", file: "clip-dvd.mpg", kind: "video", container: "mpg", seconds: VIDEO_SECONDS, args: ["-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob"] },
  { label: "FLV", file: "clip.flv", kind: "video", container: "flv", seconds: VIDEO_SECONDS, args: ["-c:v", "flv1", ...mp3, "-ar", "44100", "-f", "flv"] },
  { label: "WMV", file: "clip.wmv", kind: "video", container: "wmv", seconds: VIDEO_SECONDS, args: ["-c:v", "wmv2", "-c:a", "wmav2", "-f", "asf"] },
  { label: "3GP", file: "clip.3gp", kind: "video", container: "3gp", seconds: VIDEO_SECONDS, args: ["-c:v", "h263", "-s", "176x144", "-c:a", "aac", "-ar", "8000", "-ac", "1", "-f", "3gp"] },
  { label: "M4V", file: "clip.m4v", kind: "video", container: "m4v", seconds: VIDEO_SECONDS, args: ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-f", "ipod"] },
];

/** Makes the case's file in `dir` (once) and returns its path. */
export function makeFormatFile(dir: string, c: FormatCase): string {
  const out = path.join(dir, c.file);
  if (fs.existsSync(out)) return out;
  if (c.args === null) {
    fs.writeFileSync(out, amrNb(Math.round(c.seconds / 0.02)));
    return out;
  }
  const source = c.kind === "audio" ? SPEECH_CLIP : VIDEO_CLIP;
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", source, ...c.args, out]);
  return out;
}

/**
 * An AMR-NB file in its storage format (RFC 4867 §5: "#!AMR\n", then frames), built by hand:
 * Debian's ffmpeg has AMR decoders but no AMR encoder (libopencore_amrnb is not in
 * `ffmpeg -encoders`). Each frame is 12.2 kbit/s mode (table of contents 0x3C) with 31 bytes of
 * pseudo-random parameters: it decodes to 20 ms of noise, so `frames` frames last frames × 20 ms.
 */
export function amrNb(frames: number): Buffer {
  const parts = [Buffer.from("#!AMR\n", "latin1")];
  let seed = 12345;
  for (let i = 0; i < frames; i++) {
    const frame = Buffer.alloc(32);
    frame[0] = 0x3c;
    for (let j = 1; j < frame.length; j++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      frame[j] = (seed >> 16) & 0xff;
    }
    parts.push(frame);
  }
  return Buffer.concat(parts);
}
