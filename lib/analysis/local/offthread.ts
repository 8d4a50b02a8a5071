import "server-only";
import { runOffThread } from "@/lib/jobs/offthread";
import { analyzerTranslator } from "../passages";
import type { Passage, SummaryStyle } from "../types";
import { summarizeLocally } from "./summarize";

/** Transcripts longer than this (characters) are summarised in a child process: seconds of CPU would stall the worker's locks. */
export const OFF_THREAD_CHARS = 40_000;

type SummaryJob = { title: string; passages: Passage[]; style: SummaryStyle; language: string };

/** Runs in the child of summarizeLocallyOffThread: the translator is a function, so it is made here from the language. */
export async function summarizeLocallyInChild(input: SummaryJob): Promise<string> {
  return summarizeLocally({ title: input.title, passages: input.passages, style: input.style, t: await analyzerTranslator(input.language) });
}

/** The local analyzer's summary of a long transcript, off the worker's event loop (lib/jobs/offthread.ts). */
export function summarizeLocallyOffThread(input: SummaryJob, signal?: AbortSignal): Promise<string> {
  return runOffThread<string>("lib/analysis/local/offthread.ts", "summarizeLocallyInChild", input, { signal });
}

export function isLongText(passages: Passage[]): boolean {
  let n = 0;
  for (const p of passages) if ((n += p.text.length) > OFF_THREAD_CHARS) return true;
  return false;
}
