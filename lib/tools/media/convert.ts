import "server-only";
import ffmpeg from "fluent-ffmpeg";
import { saveCommand } from "@/lib/media/ffmpeg";
import { fastestOutput, LOSSLESS_CODECS, targetKbps, wavShape, type MediaTool, type OutputFormat } from "./rules";

// The media tools' ffmpeg runs (in the worker only). "fastest" copies the audio stream as it is
// (no decoding: the speed of reading the file); "encode" decodes and encodes at the chosen quality.

export interface Conversion {
  tool: MediaTool;
  mode: "fastest" | "encode";
  format: OutputFormat;
  quality: number;
  source: { durationSec: number; audioCodec: string | null; audioKbps: number | null };
}

export interface OutputShape {
  /** File extension and the format shown in the list. */
  ext: string;
  /** The type we store and serve it as (lib/storage/media-type.ts allow-lists it again). */
  mime: string;
  /** ffmpeg arguments after the input. */
  args: string[];
}

export function outputShape(c: Conversion): OutputShape {
  const common = ["-map", "0:a:0", "-vn", "-sn", "-dn", "-map_metadata", "-1"];
  if (c.mode === "fastest") {
    const t = fastestOutput(c.source.audioCodec);
    return { ext: t.ext, mime: t.mime, args: [...common, "-c:a", "copy", "-f", t.muxer] };
  }
  if (c.format === "wav") {
    const { sampleRate, channels } = wavShape(c.tool, c.quality);
    return { ext: "wav", mime: "audio/wav", args: [...common, "-c:a", "pcm_s16le", "-ar", String(sampleRate), "-ac", String(channels), "-f", "wav"] };
  }
  const kbps = targetKbps(c.tool, c.quality, c.source.audioKbps, LOSSLESS_CODECS.has(c.source.audioCodec ?? ""));
  // Low bitrates sound better (and MP3 needs it below 64 kbps) at a lower rate in mono.
  // Above 160 kbps MP3 needs MPEG-1 rates (32–48 kHz): a 22 kHz source is resampled.
  const shape = kbps < 64 ? ["-ar", "22050", "-ac", "1"] : kbps < 96 ? ["-ac", "1"] : ["-ac", "2", "-ar", "44100"];
  if (c.format === "mp3") return { ext: "mp3", mime: "audio/mpeg", args: [...common, "-c:a", "libmp3lame", "-b:a", `${kbps}k`, ...shape, "-f", "mp3"] };
  if (c.format === "aac") return { ext: "aac", mime: "audio/aac", args: [...common, "-c:a", "aac", "-b:a", `${kbps}k`, ...shape, "-f", "adts"] };
  return { ext: "m4a", mime: "audio/mp4", args: [...common, "-c:a", "aac", "-b:a", `${kbps}k`, ...shape, "-movflags", "+faststart", "-f", "ipod"] };
}

/**
 * Runs ffmpeg from `input` to `output`, reporting progress (0..100) from ffmpeg's time
 * stamps. Aborting `signal` kills ffmpeg and rejects with the signal's reason.
 */
export function runConversion(input: string, output: string, shape: OutputShape, durationSec: number, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  const command = ffmpeg(input)
    .outputOptions(shape.args)
    .on("progress", (p: { timemark?: string }) => {
      const at = seconds(p.timemark);
      if (at !== undefined && durationSec > 0) onProgress(Math.min(99, (at / durationSec) * 100));
    });
  return saveCommand(command, output, "ffmpeg could not convert", signal);
}

function seconds(t: string | undefined): number | undefined {
  const m = t?.match(/^(\d+):(\d+):(\d+(?:\.\d+)?)$/);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}
