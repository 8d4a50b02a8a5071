import "server-only";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { AppError } from "@/lib/server/errors";
import { consumeAiRequest, type AiAsker } from "@/lib/rate-limit/rate-limit";
import { enqueue } from "@/lib/jobs/contract";
import { clearProgress, setProgress } from "@/lib/jobs/progress";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/server";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { prisma, Prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "@/lib/tasks/owned";
import { IN_ANALYSIS, isInAnalysis } from "@/lib/tasks/task-status";
import { moveTaskStatus, moveTaskStatusOrThrow, updateTaskFields } from "@/lib/tasks/write-guard";
import { textEngine } from "./engine";
import { mindMapFromMarkdown } from "./mindmap";
import { withOutline } from "./outline-markdown";
import { analyzerTranslator, loadPassages, ownedTaskWithTranscript } from "./passages";
import { displaySpeakerName } from "@/lib/tasks/speaker-names";
import { ProviderOutputError, ProviderTimeoutError } from "./provider";
import { detectScenario } from "./scenario";
import { getSummaryStyle } from "./style.service";
import { analysisSteps, type AnalysisStep, type MindMapNode, type Outline, type Passage } from "./types";
import { taskErrorFields } from "@/lib/jobs/task-errors";

const MAX_MIND_MAP_DEPTH = 4;

/**
 * Starts the analysis (summary, then mind map) of the owner's task in the
 * worker. A task that already has a summary is only summarised again when the
 * caller confirms (regenerate), and then goes through "regenerating".
 */
export async function requestAnalysis(asker: AiAsker, taskId: string, opts: { regenerate: boolean; locale: string }) {
  // A summary is paid work like a chat answer: the same per-user limits, taken here for every caller.
  await consumeAiRequest(asker);
  const userId = asker.id;
  const task = await ownedTaskWithTranscript(userId, taskId);
  if (isInAnalysis(task.status)) return { status: task.status };
  if (task.summary && !opts.regenerate) throw new AppError("analysis.alreadyAnalyzed");
  const summaryLanguage = await summaryLanguageOf(userId);
  const status = task.summary ? "regenerating" : "analyzing";
  await moveTaskStatusOrThrow(taskId, status, { from: [task.status], data: clearedError });
  await setProgress(taskId, { stage: analysisSteps[0], percent: 0, step: 0, steps: analysisSteps.length });
  try {
    await enqueue("analysis.run", { taskId, locale: opts.locale, summaryLanguage }, { jobKey: taskId });
  } catch (e) {
    await moveTaskStatus(taskId, task.status, { from: [status] });
    throw e;
  }
  return { status };
}

/** The language the analyzer writes in (summary, local chat and quiz): the user's AI summary language, else the interface's. */
export async function summaryLanguageOf(userId: string): Promise<Locale> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { summaryLanguage: true, uiLanguage: true } });
  return isLocale(user.summaryLanguage) ? user.summaryLanguage : isLocale(user.uiLanguage) ? user.uiLanguage : "en";
}

/** The task's passages for the analyzer writing in `language`: a default speaker name ("Speaker 2", stored in the upload's language) in that language. */
export async function passagesIn(taskId: string, language: Locale): Promise<Passage[]> {
  const [passages, { t }] = await Promise.all([loadPassages(taskId), translatorFor(language)]);
  const defaultName = (n: number) => t("tasks.speakerDefault", { n });
  return passages.map((p) => (p.speaker ? { ...p, speaker: displaySpeakerName(p.speaker, 1, defaultName) } : p));
}

const clearedError = { errorCode: null, errorMessage: null, errorDescription: null, errorSuggestions: [], requestId: null, retryCount: 0 };

/** Reports each of the spec's eleven steps, keeping each on screen at least ANALYSIS_MIN_STEP_MS. */
function stepReporter(taskId: string) {
  const minMs = env().ANALYSIS_MIN_STEP_MS;
  let shownAt = 0;
  return async (step: AnalysisStep) => {
    const wait = shownAt + minMs - Date.now();
    if (shownAt && wait > 0) await new Promise((r) => setTimeout(r, wait));
    const i = analysisSteps.indexOf(step);
    await setProgress(taskId, { stage: step, percent: (i / analysisSteps.length) * 100, step: i, steps: analysisSteps.length });
    shownAt = Date.now();
  };
}

/** The worker's analysis of one task: summary, then the mind map drawn from it. */
export async function runAnalysis(taskId: string, opts: { summaryLanguage: string; signal?: AbortSignal }) {
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { id: true, userId: true, title: true, status: true, source: true, outline: true } });
  if (!task) return { skipped: "deleted" as const };
  if (task.status !== "analyzing" && task.status !== "regenerating") return { skipped: task.status };
  const step = stepReporter(taskId);
  const language: Locale = isLocale(opts.summaryLanguage) ? opts.summaryLanguage : "en";

  await step("initializing");
  const engine = textEngine();
  const [t, style] = await Promise.all([analyzerTranslator(language), getSummaryStyle(task.userId)]);
  await step("cleaningText");
  const passages = await passagesIn(taskId, language);
  if (passages.length === 0) throw new AppError("tasks.noTranscription");
  await step("formattingData");
  await step("analyzingScenario");
  const scenario = detectScenario(passages, task.source);
  await step("planningSummary");
  await step("generatingSummary");
  const input = { title: task.title, passages, style, language, scenario, t };
  const raw = await engine.summarize(input, opts.signal);
  const outline = keepTicks(await engine.outline(input, opts.signal), task.outline as Outline | null);
  await step("optimizingFormat");
  const summary = withOutline(tidySummary(raw, task.title), outline, t);
  await step("generatingMindMap");
  const mindMap = mindMapFromMarkdown(summary, task.title);
  await step("creatingCanvas");
  if (mindMap.children.length === 0) throw new ProviderOutputError("the summary has no sections to draw");
  await step("generatingHqMindMap");
  const finalMap = capDepth(mindMap, MAX_MIND_MAP_DEPTH);
  await step("finalizing");
  const now = new Date();
  await moveTaskStatusOrThrow(taskId, "analysis_completed", {
    data: {
      summary,
      summaryEngine: engine.name,
      summaryLanguage: language,
      summaryEditedAt: null,
      mindMap: finalMap as unknown as Prisma.InputJsonValue,
      mindMapEngine: engine.name,
      mindMapAt: now,
      outline: outline as unknown as Prisma.InputJsonValue,
      ...clearedError,
    },
  });
  await clearProgress(taskId);
  await announceTaskEvent(taskId, { kind: "analysed" });
  return { engine: engine.name, chars: summary.length, scenario };
}

/** A re-made summary keeps the user's ticks: a to-do that comes back with the same words stays done. */
function keepTicks(outline: Outline, before: Outline | null | undefined): Outline {
  const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const ticked = new Set((before?.todos ?? []).filter((x) => x.done).map((x) => words(x.text)));
  if (ticked.size === 0) return outline;
  return { ...outline, todos: outline.todos.map((x) => (ticked.has(words(x.text)) ? { ...x, done: true } : x)) };
}

/** Model answers sometimes come fenced or without the title line; the summary always starts with "# title". */
export function tidySummary(markdown: string, title: string): string {
  let text = markdown.trim();
  const fenced = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i.exec(text);
  if (fenced) text = fenced[1]!.trim();
  if (!text) throw new ProviderOutputError("the summary is empty");
  if (!/^#\s/.test(text)) text = `# ${title}\n\n${text}`;
  return `${text.replace(/\n{3,}/g, "\n\n")}\n`;
}

function capDepth(node: MindMapNode, depth: number): MindMapNode {
  return { content: node.content, children: depth <= 1 ? [] : node.children.map((c) => capDepth(c, depth - 1)) };
}

/** Failure codes of the analysis, each with its message under tasks.failure.* */
function failureCode(error: unknown): "analysis_timeout" | "analysis_invalid_output" | "analysis_failed" {
  if (error instanceof ProviderTimeoutError) return "analysis_timeout";
  // A body that is not JSON at all surfaces from the SDK as a SyntaxError (compared by name: it may come from another realm).
  if (error instanceof ProviderOutputError || (error as { name?: string } | null)?.name === "SyntaxError") return "analysis_invalid_output";
  return "analysis_failed";
}

/**
 * A final analysis failure: the task keeps its transcript (and any earlier
 * summary) and shows what went wrong; the user can run the analysis again.
 */
export async function markAnalysisFailed(taskId: string, error: unknown, ctx: { locale: string; attempts: number; requestId: string }) {
  const code = failureCode(error);
  logger.error("analysis failed", { taskId, code, error: error instanceof Error ? error.message : String(error) });
  const suggestions = code === "analysis_failed" ? ["retryLater", "contactSupport"] : ["retryLater", "checkNetwork"];
  const moved = await moveTaskStatus(taskId, "analysis_failed", { from: IN_ANALYSIS, data: await taskErrorFields(code, suggestions, ctx) });
  await clearProgress(taskId);
  if (moved === 1) await announceTaskEvent(taskId, { kind: "analysisFailed" });
}

/** Saves the owner's edited summary. The mind map is redrawn only when asked (regenerate-xmind). */
export async function saveSummary(userId: string, taskId: string, markdown: string) {
  const task = await findOwnedTask(userId, taskId, { id: true, status: true, summary: true });
  if (isInAnalysis(task.status)) throw new AppError("analysis.running");
  if (task.summary === null) throw new AppError("analysis.notAnalyzed");
  if (!markdown.trim()) throw new AppError("analysis.summaryEmpty");
  await updateTaskFields({ id: taskId }, { summary: `${markdown.trim()}\n`, summaryEditedAt: new Date() });
}

/** Redraws the mind map from the saved summary (POST /api/transcription/regenerate-xmind). */
export async function redrawMindMap(userId: string, taskId: string) {
  const task = await findOwnedTask(userId, taskId, { title: true, status: true, summary: true });
  if (isInAnalysis(task.status)) throw new AppError("analysis.running");
  if (!task.summary) throw new AppError("analysis.notAnalyzed");
  const mindMap = capDepth(mindMapFromMarkdown(task.summary, task.title), MAX_MIND_MAP_DEPTH);
  await updateTaskFields({ id: taskId }, { mindMap: mindMap as unknown as Prisma.InputJsonValue, mindMapEngine: "markmap", mindMapAt: new Date() });
  return { mindMap };
}
