import "server-only";
import { redis, redisKey } from "@/lib/server/redis";

/**
 * Job figures for /api/metrics. Jobs run in the worker processes, the metrics
 * are read by the web: every worker adds to one Redis hash (HINCRBYFLOAT is
 * atomic, so any number of workers add up), and the web reads it whole.
 * Fields: "<kind>|count", "<kind>|seconds", "<kind>|failed", and the speech
 * engine's "rtf|<engine>|audio" and "rtf|<engine>|seconds".
 */
const key = () => redisKey("metrics", "jobs");

/** One finished run of a job (failed: it threw, including a retry to come). Never fails the job itself. */
export async function recordJobRun(kind: string, seconds: number, failed: boolean): Promise<void> {
  const tx = redis().multi().hincrbyfloat(key(), `${kind}|count`, 1).hincrbyfloat(key(), `${kind}|seconds`, seconds);
  if (failed) tx.hincrbyfloat(key(), `${kind}|failed`, 1);
  await tx.exec().catch(() => undefined);
}

/** Speech decoding time against the audio's length: their ratio is the engine's real-time factor. */
export async function recordSpeechTime(engine: string, decodeSeconds: number, audioSeconds: number): Promise<void> {
  if (!(audioSeconds > 0)) return;
  await redis()
    .multi()
    .hincrbyfloat(key(), `rtf|${engine}|seconds`, decodeSeconds)
    .hincrbyfloat(key(), `rtf|${engine}|audio`, audioSeconds)
    .exec()
    .catch(() => undefined);
}

export type JobFigures = {
  jobs: Map<string, { count: number; seconds: number; failed: number }>;
  speech: Map<string, { seconds: number; audio: number }>;
};

export async function readJobFigures(): Promise<JobFigures> {
  const raw = await redis().hgetall(key());
  const jobs: JobFigures["jobs"] = new Map();
  const speech: JobFigures["speech"] = new Map();
  for (const [field, value] of Object.entries(raw)) {
    const parts = field.split("|");
    const n = Number(value);
    if (parts[0] === "rtf" && parts.length === 3) {
      const row = speech.get(parts[1]!) ?? { seconds: 0, audio: 0 };
      if (parts[2] === "seconds" || parts[2] === "audio") row[parts[2]] = n;
      speech.set(parts[1]!, row);
    } else if (parts.length === 2) {
      const row = jobs.get(parts[0]!) ?? { count: 0, seconds: 0, failed: 0 };
      if (parts[1] === "count" || parts[1] === "seconds" || parts[1] === "failed") row[parts[1]] = n;
      jobs.set(parts[0]!, row);
    }
  }
  return { jobs, speech };
}
