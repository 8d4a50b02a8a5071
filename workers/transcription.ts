import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { jobs, type JobPayload } from "@/lib/jobs/contract";
import { markTranscriptionFailed, PermanentTaskError, runTranscription } from "@/lib/tasks/pipeline";
import { logger } from "@/lib/server/logger";

// Thin runner: check the payload, call lib, turn hopeless errors into UnrecoverableError.
export async function runTranscriptionJob(job: Job): Promise<unknown> {
  const payload: JobPayload<"transcription.run"> = jobs["transcription.run"].payload.parse(job.data);
  try {
    const result = await runTranscription(payload.taskId, { locale: payload.locale });
    logger.info("transcription done", { taskId: payload.taskId, ...result });
    return result;
  } catch (error) {
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof PermanentTaskError || job.attemptsMade + 1 >= attempts;
    if (final) await markTranscriptionFailed(payload.taskId, error, { locale: payload.locale, attempts: job.attemptsMade + 1, requestId: String(job.id) });
    if (error instanceof PermanentTaskError) throw new UnrecoverableError(error.code);
    throw error;
  }
}
