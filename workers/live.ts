import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { jobs } from "@/lib/jobs/contract";
import { runLiveDecoding } from "@/lib/live/live-runner";

// "live.decode": a live recording's text. No task is behind it yet, so a failure records
// nothing; BullMQ's retries (and the next chunk) start it again.
export async function runLiveDecodeJob(job: Job, _token?: string, signal?: AbortSignal) {
  const parsed = jobs["live.decode"].payload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("job_invalid");
  return runLiveDecoding(parsed.data.sessionId, signal ?? new AbortController().signal);
}
