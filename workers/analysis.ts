import "server-only";
import { markAnalysisFailed, runAnalysis } from "@/lib/analysis/analysis.service";
import { markTranslationFailed, runTranslation } from "@/lib/analysis/translation.service";
import { jobRunner } from "./run-job";

// Runners for the "ai" queue: a catalogue error (such as "no transcript") fails
// at once, provider trouble is retried (lib/jobs/failures.ts).
export const runAnalysisJob = jobRunner(
  "analysis.run",
  (p, signal) => runAnalysis(p.taskId, { summaryLanguage: p.summaryLanguage, signal }),
  (p, error, ctx) => markAnalysisFailed(p.taskId, error, ctx),
);

export const runTranslationJob = jobRunner(
  "translation.run",
  (p) => runTranslation(p.taskId, p.targetLanguage),
  (p, error, ctx) => markTranslationFailed(p.taskId, p.targetLanguage, error, ctx),
);
