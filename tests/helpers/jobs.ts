// BullMQ jobs as the worker left them, for tests that count attempts.
import type { Job } from "bullmq";
import { jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { waitFor } from "./wait";

/**
 * A task's transcription job once BullMQ has moved it to failed. The runner records the task's failure before it
 * throws, and BullMQ counts that last attempt only when it moves the job, so a job read as soon as the task says
 * "failed" can be one attempt short. The state is read first and the job after it: a job read before its state can be
 * the snapshot from before the move.
 */
export function transcriptionJobOnceFailed(taskId: string): Promise<Job> {
  return waitFor(
    "the transcription job to be failed",
    async () => {
      const media = queue(queues.media);
      const id = jobIdFor("transcription.run", taskId);
      if ((await media.getJobState(id)) !== "failed") return null;
      return (await media.getJob(id)) ?? null;
    },
    { timeoutMs: 10_000, everyMs: 50 },
  );
}
