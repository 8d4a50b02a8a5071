import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { runDocumentImport } from "@/lib/imports/documents.service";
import { watchMeeting } from "@/lib/imports/meeting.service";
import { jobs } from "@/lib/jobs/contract";
import { markTranscriptionFailed, runTranscription } from "@/lib/tasks/pipeline";
import { PermanentTaskError } from "@/lib/tasks/task-errors";
import { logger } from "@/lib/server/logger";

// Thin runners for the jobs that end in a transcript: check the payload, call
// lib, and on a final failure record the task's error details.

type TaskJobName = "transcription.run" | "document.import" | "meeting.watch";

function taskJob(name: TaskJobName, run: (taskId: string, locale: string) => Promise<unknown>) {
  return async (job: Job): Promise<unknown> => {
    const payload = jobs[name].payload.parse(job.data);
    try {
      const result = await run(payload.taskId, payload.locale);
      logger.info(`${name} done`, { taskId: payload.taskId, ...(typeof result === "object" ? result : {}) });
      return result;
    } catch (error) {
      const final = error instanceof PermanentTaskError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (final) await markTranscriptionFailed(payload.taskId, error, { locale: payload.locale, attempts: job.attemptsMade + 1, requestId: String(job.id) });
      if (error instanceof PermanentTaskError) throw new UnrecoverableError(error.code);
      throw error;
    }
  };
}

export const runTranscriptionJob = taskJob("transcription.run", (taskId, locale) => runTranscription(taskId, { locale }));
export const runDocumentImportJob = taskJob("document.import", (taskId) => runDocumentImport(taskId));
export const runMeetingWatchJob = taskJob("meeting.watch", (taskId, locale) => watchMeeting(taskId, { locale }));
