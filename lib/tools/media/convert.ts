import "server-only";
import ffmpeg from "fluent-ffmpeg";
import { saveCommand } from "@/lib/media/ffmpeg";
import { fastestOutput, keepNarrowerSource, LOSSLESS_CODECS, targetKbps, wavShape, type MediaTool, type OutputFormat, type SourceAudio } from "./rules";

// The media tools' ffmpeg runs (in the worker only). "fastest" copies the audio stream as it is
// (no decoding: the speed of reading the file); "encode" decodes and encodes at the chosen quality.

export interface Conversion {
  tool: MediaTool;
  mode: "fastest" | "encode";
  format: OutputFormat;
  quality: number;
  /** sampleRate and channels come from the worker's own probe of the file (probeSourceAudio). */
  source: { durationSec: number; audioCodec: string | null; audioKbps: number | null } & Partial<SourceAudio>;
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
  const source = c.tool === "compress" ? { sampleRate: c.source.sampleRate ?? null, channels: c.source.channels ?? null } : undefined;
  if (c.format === "wav") {
    const { sampleRate, channels } = wavShape(c.tool, c.quality, source);
    return { ext: "wav", mime: "audio/wav", args: [...common, "-c:a", "pcm_s16le", "-ar", String(sampleRate), "-ac", String(channels), "-f", "wav"] };
  }
  const wanted = targetKbps(c.tool, c.quality, c.source.audioKbps, LOSSLESS_CODECS.has(c.source.audioCodec ?? ""), source);
  // Low bitrates sound better (and MP3 needs it below 64 kbps) at a lower rate in mono; a source
  // with a lower rate or fewer channels keeps its own (compressor only: the converter's output is
  // a plain 44.1 kHz stereo file).
  const planned = wanted < 64 ? { sampleRate: 22050, channels: 1 } : wanted < 96 ? { sampleRate: 44100, channels: 1 } : { sampleRate: 44100, channels: 2 };
  const { sampleRate, channels } = keepNarrowerSource(planned, source);
  // Above 160 kbps MP3 needs MPEG-1 rates (32–48 kHz).
  const kbps = c.format === "mp3" && sampleRate < 32000 ? Math.min(160, wanted) : wanted;
  const shape = ["-ar", String(sampleRate), "-ac", String(channels)];
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
