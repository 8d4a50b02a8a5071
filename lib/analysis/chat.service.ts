import "server-only";
import { AppError } from "@/lib/server/errors";
import { consumeAiRequest, type AiAsker } from "@/lib/rate-limit/rate-limit";
import type { PublicQuizQuestion, StreamEvent, Verdict } from "@/lib/server/stream-events";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/server";
import { prisma, Prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "@/lib/tasks/owned";
import { passagesIn, summaryLanguageOf } from "./analysis.service";
import { textEngine } from "./engine";
import { analyzerTranslator, ownedTaskWithTranscript } from "./passages";
import type { ChatTurn, QuizQuestion, QuizSettings } from "./types";

// Ask AI about one task, with history, and the flashback review quiz
// (configuration → practice → back to chat). Only the task's owner may ask.
// Each entry takes the asker's AI request limits first (consumeAiRequest), so no
// caller (the REST routes, the MCP tools, whatever comes next) can skip them.

const HISTORY_TURNS = 10;

const messageSelect = { id: true, role: true, mode: true, content: true, data: true, engine: true, createdAt: true } as const;

/** Checks everything that can be refused, then returns the producer of the streamed answer. */
export async function prepareAsk(asker: AiAsker, taskId: string, question: string) {
  await consumeAiRequest(asker);
  const userId = asker.id;
  if (!question.trim()) throw new AppError("chat.questionEmpty");
  const task = await ownedTaskWithTranscript(userId, taskId);
  const recent = await prisma.chatMessage.findMany({
    where: { taskId, userId, mode: "chat" },
    select: { role: true, content: true },
    orderBy: { createdAt: "desc" },
    take: HISTORY_TURNS,
  });
  const history: ChatTurn[] = recent.reverse().map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content }));
  const asked = await prisma.chatMessage.create({ data: { taskId, userId, role: "user", mode: "chat", content: question.trim() }, select: { id: true } });

  return async function* answer(signal: AbortSignal): AsyncIterable<StreamEvent> {
    const engine = textEngine();
    // The analyzer's own sentences follow the AI summary language, as the summary's do.
    const language = await summaryLanguageOf(userId);
    const [passages, t] = await Promise.all([passagesIn(taskId, language), analyzerTranslator(language)]);
    let text = "";
    let failure: unknown = null;
    try {
      for await (const piece of engine.answer({ title: task.title, question: question.trim(), passages, history, t }, signal)) {
        if (signal.aborted) break;
        text += piece;
        yield { type: "delta", text: piece };
      }
    } catch (error) {
      failure = error;
    }
    // A failed answer leaves no trace, so asking again does not repeat the question in the history;
    // a stopped one is kept as far as it got, so the history shows what the user saw.
    if (failure !== null && !signal.aborted) await prisma.chatMessage.delete({ where: { id: asked.id } });
    else if (text.trim()) {
      const saved = await prisma.chatMessage.create({
        data: { taskId, userId, role: "assistant", mode: "chat", content: text, engine: engine.name, data: signal.aborted ? { stopped: true } : Prisma.DbNull },
        select: { id: true },
      });
      if (!signal.aborted) yield { type: "done", data: { messageId: saved.id, engine: engine.name } };
    }
    if (signal.aborted) return;
    if (failure) throw failure;
    if (!text.trim()) {
      await prisma.chatMessage.delete({ where: { id: asked.id } });
      throw new AppError("analysis.providerFailed");
    }
  };
}

export async function chatHistory(userId: string, taskId: string) {
  await assertOwner(userId, taskId);
  const messages = await prisma.chatMessage.findMany({ where: { taskId, userId, mode: "chat" }, select: messageSelect, orderBy: { createdAt: "asc" } });
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

export async function clearChatHistory(userId: string, taskId: string) {
  await assertOwner(userId, taskId);
  const { count } = await prisma.chatMessage.deleteMany({ where: { taskId, userId, mode: "chat" } });
  return { deleted: count };
}

async function assertOwner(userId: string, taskId: string) {
  await findOwnedTask(userId, taskId, { id: true });
}

// ---------------------------------------------------------------------------
// Flashback review

export async function flashbackIntroduction(locale: string) {
  const { t } = await translatorFor(locale);
  return {
    introduction: t("analysis.flashback.introduction"),
    questionTypes: ["comprehensive", "single", "multiple", "truefalse"],
    defaults: { question_type: "comprehensive", question_count: 5, include_answers: true, include_analysis: true },
    maxCount: 20,
  };
}

interface StoredQuiz {
  quiz: true;
  settings: QuizSettings;
  questions: QuizQuestion[];
}

const publicQuestion = (q: QuizQuestion): PublicQuizQuestion => ({ id: q.id, kind: q.kind, prompt: q.prompt, options: q.options, ...(q.source ? { source: q.source } : {}) });

/** Checks the request, then returns the producer that writes the quiz and streams its questions. */
export async function prepareFlashback(asker: AiAsker, taskId: string, settings: QuizSettings) {
  await consumeAiRequest(asker);
  const userId = asker.id;
  const task = await ownedTaskWithTranscript(userId, taskId);
  const language: Locale = await summaryLanguageOf(userId);

  return async function* quiz(signal: AbortSignal): AsyncIterable<StreamEvent> {
    const engine = textEngine();
    const [passages, t, ui] = await Promise.all([passagesIn(taskId, language), analyzerTranslator(language), translatorFor(language)]);
    const seed = `${taskId.slice(-6)}${Date.now().toString(36)}`;
    const questions = await engine.quiz({ title: task.title, passages, settings, language, t, seed }, signal);
    const intro = ui.t("analysis.flashback.ready", { count: questions.length });
    const stored: StoredQuiz = { quiz: true, settings, questions };
    const saved = await prisma.chatMessage.create({
      data: { taskId, userId, role: "assistant", mode: "flashback", content: intro, engine: engine.name, data: stored as unknown as Prisma.InputJsonValue },
      select: { id: true },
    });
    yield { type: "delta", text: `${intro}\n\n` };
    for (const q of questions) yield { type: "question", quizId: saved.id, question: publicQuestion(q) };
    yield { type: "done", data: { quizId: saved.id, engine: engine.name, total: questions.length } };
  };
}

/** Checks the answer to one question; what the verdict shows follows the quiz's settings. */
export async function prepareCheckAnswer(asker: AiAsker, input: { taskId: string; quizId: string; questionId: string; answer: number[]; locale: string }) {
  await consumeAiRequest(asker);
  const userId = asker.id;
  await assertOwner(userId, input.taskId);
  const message = await prisma.chatMessage.findFirst({ where: { id: input.quizId, taskId: input.taskId, userId, mode: "flashback", role: "assistant" }, select: { data: true } });
  const stored = message?.data as StoredQuiz | null | undefined;
  if (!stored?.quiz) throw new AppError("chat.quizNotFound");
  const question = stored.questions.find((q) => q.id === input.questionId);
  if (!question) throw new AppError("chat.questionNotFound");

  const chosen = [...new Set(input.answer)].sort((a, b) => a - b);
  const correct = chosen.length === question.answer.length && chosen.every((a, i) => a === question.answer[i]);
  await prisma.chatMessage.create({
    data: {
      taskId: input.taskId,
      userId,
      role: "user",
      mode: "flashback",
      content: chosen.map((i) => question.options[i] ?? "").join(", "),
      data: { quizId: input.quizId, questionId: question.id, answer: chosen, correct },
    },
  });
  const answers = await prisma.chatMessage.findMany({ where: { taskId: input.taskId, userId, mode: "flashback", role: "user" }, select: { data: true }, orderBy: { createdAt: "asc" } });
  // The latest answer to each question of this quiz counts.
  const latest = new Map<string, boolean>();
  for (const a of answers) {
    const d = a.data as { quizId?: string; questionId?: string; correct?: boolean } | null;
    if (d?.quizId === input.quizId && d.questionId) latest.set(d.questionId, d.correct === true);
  }
  const verdict: Verdict = {
    questionId: question.id,
    correct,
    ...(stored.settings.includeAnswers ? { correctAnswer: question.answer } : {}),
    ...(stored.settings.includeAnalysis && question.analysis ? { analysis: question.analysis } : {}),
    answered: latest.size,
    correctCount: [...latest.values()].filter(Boolean).length,
    total: stored.questions.length,
  };
  const { t } = await translatorFor(input.locale);

  return async function* check(): AsyncIterable<StreamEvent> {
    yield { type: "verdict", verdict };
    yield { type: "delta", text: verdictText(verdict, question, stored.settings, t) };
    yield { type: "done", data: { answered: verdict.answered, total: verdict.total } };
  };
}

function verdictText(v: Verdict, q: QuizQuestion, settings: QuizSettings, t: (k: string, p?: Record<string, string | number>) => string): string {
  const lines = [v.correct ? t("analysis.flashback.correct") : t("analysis.flashback.incorrect")];
  if (settings.includeAnswers && !v.correct) lines.push(t("analysis.flashback.correctAnswer", { answer: q.answer.map((i) => q.options[i]).join(", ") }));
  if (settings.includeAnalysis && q.analysis) lines.push(`${t("analysis.flashback.analysis")} ${q.analysis}`);
  if (v.answered >= v.total) lines.push(t("analysis.flashback.finished", { correct: v.correctCount, total: v.total }));
  return lines.join("\n\n");
}
