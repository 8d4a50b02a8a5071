import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { isAppError } from "@/lib/api/errors";
import { markAnalysisFailed, runAnalysis } from "@/lib/analysis/analysis.service";
import { markTranslationFailed, runTranslation } from "@/lib/analysis/translation.service";
import { jobs, type JobPayload } from "@/lib/jobs/contract";
import { logger } from "@/lib/server/logger";

// Thin runners for the "ai" queue: check the payload, call lib, record a final failure.

/** The last attempt, or an error retrying cannot mend (a catalogue error such as "no transcript"). */
function isFinal(job: Job, error: unknown): boolean {
  return isAppError(error) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

export async function runAnalysisJob(job: Job): Promise<unknown> {
  const payload: JobPayload<"analysis.run"> = jobs["analysis.run"].payload.parse(job.data);
  try {
    const result = await runAnalysis(payload.taskId, { summaryLanguage: payload.summaryLanguage });
    logger.info("analysis done", { taskId: payload.taskId, ...result });
    return result;
  } catch (error) {
    if (isFinal(job, error)) await markAnalysisFailed(payload.taskId, error, { locale: payload.locale, attempts: job.attemptsMade + 1, requestId: String(job.id) });
    if (isAppError(error)) throw new UnrecoverableError(error.key);
    throw error;
  }
}

export async function runTranslationJob(job: Job): Promise<unknown> {
  const payload: JobPayload<"translation.run"> = jobs["translation.run"].payload.parse(job.data);
  try {
    const result = await runTranslation(payload.taskId, payload.targetLanguage);
    logger.info("translation done", { taskId: payload.taskId, target: payload.targetLanguage, ...result });
    return result;
  } catch (error) {
    if (isFinal(job, error)) await markTranslationFailed(payload.taskId, payload.targetLanguage, error, { locale: payload.locale });
    if (isAppError(error)) throw new UnrecoverableError(error.key);
    throw error;
  }
}
