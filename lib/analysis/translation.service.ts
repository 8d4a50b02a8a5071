import "server-only";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { AppError } from "@/lib/server/errors";
import { consumeAiRequest, type AiAsker } from "@/lib/rate-limit/rate-limit";
import { enqueue } from "@/lib/jobs/contract";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { prisma, Prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "@/lib/tasks/owned";
import { splitByChars, textEngine } from "./engine";
import { loadPassages, ownedTaskWithTranscript } from "./passages";
import { chatProvider } from "./provider";

// Translation of a task's transcript (keeping its timeline) and summary into
// one language (API contract Translation). Each target language has its own record
// and status (translating → translation_completed | translation_failed), so
// several can run at once and the task's own status is left alone.

/** Lines per provider call: small enough for any model's output limit, large enough to keep context. */
const BATCH_CHARS = 6000;

const translationSelect = { taskId: true, targetLanguage: true, status: true, timeline: true, summary: true, engine: true, errorMessage: true, updatedAt: true } as const;

function toJson(row: Prisma.TranslationGetPayload<{ select: typeof translationSelect }>) {
  return {
    task_id: row.taskId,
    target_language: row.targetLanguage,
    status: row.status,
    timeline: (row.timeline as { index: number; begin: number; end: number; text: string; speakerId: string | null }[] | null) ?? [],
    summary: row.summary,
    engine: row.engine,
    errorMessage: row.errorMessage,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Translation needs a provider: the local analyzer cannot translate. */
export function translationConfig() {
  return { enabled: textEngine().translate !== null };
}

/** Starts a translation in the worker; the asker's AI request limits are taken first (lib/rate-limit/rate-limit.ts). */
export async function requestTranslation(asker: AiAsker, input: { taskId: string; target: Locale; locale: string }) {
  await consumeAiRequest(asker);
  await ownedTaskWithTranscript(asker.id, input.taskId);
  if (!chatProvider()) throw new AppError("translation.needsProvider");
  const existing = await prisma.translation.findUnique({ where: { taskId_targetLanguage: { taskId: input.taskId, targetLanguage: input.target } }, select: translationSelect });
  if (existing?.status === "translating") return toJson(existing);
  const row = await prisma.translation.upsert({
    where: { taskId_targetLanguage: { taskId: input.taskId, targetLanguage: input.target } },
    create: { taskId: input.taskId, targetLanguage: input.target, status: "translating" },
    update: { status: "translating", errorMessage: null },
    select: translationSelect,
  });
  await enqueue("translation.run", { taskId: input.taskId, locale: input.locale, targetLanguage: input.target }, { jobKey: `${input.taskId}-${input.target}` });
  return toJson(row);
}

export async function queryTranslation(userId: string, taskId: string, target: Locale) {
  await findOwnedTask(userId, taskId, { id: true });
  const row = await prisma.translation.findUnique({ where: { taskId_targetLanguage: { taskId, targetLanguage: target } }, select: translationSelect });
  return row ? toJson(row) : null;
}

/** The worker's translation of one task into one language. */
export async function runTranslation(taskId: string, target: string, opts: { signal?: AbortSignal } = {}) {
  const row = await prisma.translation.findUnique({ where: { taskId_targetLanguage: { taskId, targetLanguage: target } }, select: { status: true } });
  if (!row || row.status !== "translating" || !isLocale(target)) return { skipped: row?.status ?? "deleted" };
  const engine = textEngine();
  if (!engine.translate) throw new AppError("translation.needsProvider");
  const translate = engine.translate;
  const [passages, task] = await Promise.all([loadPassages(taskId), prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { summary: true, timeline: { select: { position: true, speakerId: true } } } })]);
  const speakerOf = new Map(task.timeline.map((e) => [e.position, e.speakerId]));

  const timeline: { index: number; begin: number; end: number; text: string; speakerId: string | null }[] = [];
  for (const batch of splitByChars(passages, BATCH_CHARS, 0)) {
    const texts = await translate({ items: batch.map((p) => p.text), target, kind: "lines" }, opts.signal);
    batch.forEach((p, i) => timeline.push({ index: p.index, begin: p.begin, end: p.end, text: texts[i]!, speakerId: speakerOf.get(p.index) ?? null }));
  }
  const summary = task.summary ? (await translate({ items: [task.summary], target, kind: "markdown" }, opts.signal))[0]! : null;
  await prisma.translation.update({
    where: { taskId_targetLanguage: { taskId, targetLanguage: target } },
    data: { status: "translation_completed", timeline: timeline as unknown as Prisma.InputJsonValue, summary, engine: engine.name, errorMessage: null },
  });
  await announceTaskEvent(taskId, { kind: "translated", target });
  return { lines: timeline.length, summary: summary !== null };
}

export async function markTranslationFailed(taskId: string, target: string, error: unknown, ctx: { locale: string }) {
  logger.error("translation failed", { taskId, target, error: error instanceof Error ? error.message : String(error) });
  const { t } = await translatorFor(ctx.locale);
  const { count } = await prisma.translation.updateMany({ where: { taskId, targetLanguage: target, status: "translating" }, data: { status: "translation_failed", errorMessage: t("errors.translation.failed") } });
  if (count > 0) await announceTaskEvent(taskId, { kind: "translationFailed", target });
}
