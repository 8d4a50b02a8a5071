import "server-only";
import { failToolTranscript, runToolTranscript } from "@/lib/tools/transcript/run";
import { jobRunner } from "./run-job";

// Runners of the tools site's jobs. The transcript tool's payload names its ToolTranscript (transcriptId).
export const runToolTranscriptJob = jobRunner(
  "tools.transcript",
  (p, signal) => runToolTranscript(p.transcriptId, { locale: p.locale, signal }),
  (p, error) => failToolTranscript(p.transcriptId, error),
);
