import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import ffmpeg from "fluent-ffmpeg";
import { readWavInfo, wavHeader } from "./wav";

// The colleague-facing entry point for decoded audio lives next to the encoders.
export { readWavPcm } from "./wav";

/** Every recogniser and the diarizer work on this one format. */
export const SPEECH_SAMPLE_RATE = 16000;

/** ffmpeg could not decode or write a file; the message carries ffmpeg's own reason. */
export class MediaError extends Error {}

/**
 * Decodes the first audio stream of any container to 16 kHz mono s16le WAV, on
 * the media's own clock: a second of the WAV is a second of the player's time.
 * Aborting `signal` kills ffmpeg and rejects with the signal's reason.
 */
export async function normalizeToWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  await fsp.mkdir(path.dirname(output), { recursive: true });
  const command = ffmpeg(input)
    .outputOptions([
      "-map", "0:a:0",
      "-vn", "-sn", "-dn",
      "-ac", "1",
      "-ar", String(SPEECH_SAMPLE_RATE),
      // Silence where the container has no audio yet (a video whose sound starts 2 s in) or a gap in it, so
      // that transcript times are the player's times; a file whose sound starts at 0 comes out unchanged.
      "-af", "aresample=async=1:first_pts=0",
      "-c:a", "pcm_s16le",
      // A clean 44-byte header: no LIST/INFO chunk, which some decoders
      // (pocketsphinx among them) would otherwise read as samples.
      "-map_metadata", "-1",
      "-fflags", "+bitexact",
      "-flags:a", "+bitexact",
    ])
    .format("wav");
  await saveCommand(command, output, `ffmpeg could not convert ${path.basename(input)}`, signal);
}

/**
 * Joins several recordings (audio or video, any mix of containers) into one
 * 16 kHz mono WAV, in the given order. Each input is normalised on its own and
 * the PCM is appended: no timebase or codec mismatch between inputs can leak
 * into the result, and each part's length is exactly its decoded length.
 * Answers where each later part starts in the result (seconds), so that
 * transcription can cut its chunks there.
 */
export async function concatToWav(inputs: string[], output: string, signal?: AbortSignal): Promise<{ joinsSec: number[] }> {
  if (inputs.length === 0) throw new MediaError("nothing to concatenate");
  const tmp = await fsp.mkdtemp(path.join(path.dirname(output), ".concat-"));
  try {
    const parts: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const part = path.join(tmp, `${i}.wav`);
      await normalizeToWav(input, part, signal);
      parts.push(part);
    }
    const infos = await Promise.all(parts.map((p) => readWavInfo(p)));
    const total = infos.reduce((n, w) => n + w.dataBytes, 0);
    const out = fs.createWriteStream(output);
    const writeAll = async function* () {
      yield wavHeader(total, SPEECH_SAMPLE_RATE, 1);
      for (const [i, part] of parts.entries()) {
        const info = infos[i]!;
        if (info.dataBytes === 0) continue;
        for await (const chunk of fs.createReadStream(part, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1 })) yield chunk as Buffer;
      }
    };
    await pipeline(writeAll, out, { signal });
    const joinsSec: number[] = [];
    let bytes = 0;
    for (const info of infos.slice(0, -1)) joinsSec.push((bytes += info.dataBytes) / 2 / SPEECH_SAMPLE_RATE);
    return { joinsSec };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Runs a prepared fluent-ffmpeg command writing `output`. Aborting `signal`
 * kills ffmpeg and rejects with the signal's reason; a failure rejects with a
 * MediaError: `failure` then ffmpeg's last lines.
 */
export function saveCommand(command: ffmpeg.FfmpegCommand, output: string, failure: string, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      command.kill("SIGKILL");
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    command
      .on("error", (err: Error, _stdout: string | null, stderr: string | null) => {
        done();
        reject(new MediaError(`${failure}: ${lastLines(stderr) || err.message}`));
      })
      .on("end", () => {
        done();
        resolve();
      })
      .save(output);
  });
}

function lastLines(text: string | null, n = 3): string {
  return (text ?? "").trim().split("\n").slice(-n).join(" | ");
}
