import "server-only";
import { AppError } from "@/lib/server/errors";
import { consumeAiRequest, type AiAsker } from "@/lib/rate-limit/rate-limit";
import type { StreamEvent } from "@/lib/server/stream-events";
import { summaryLanguageOf } from "@/lib/analysis/analysis.service";
import { analyzerTranslator } from "@/lib/analysis/passages";
import { chatProvider } from "@/lib/analysis/provider";
import { localeNames } from "@/lib/i18n/locales";
import { prisma, Prisma } from "@/lib/server/prisma";
import { libraryPrompt, localLibraryAnswer } from "./answer";
import { scopeKey, type LibraryCitation, type LibraryHistoryItem, type LibraryPassage, type LibraryScope } from "./library-ask.schema";
import { retrievePassages } from "./retrieval";

// "Ask your library" (docs/library-ask.md): retrieval over the caller's readable tasks, an answer
// that cites [n] passages, a history per scope. The AI request limits are taken first, as for
// every analysis entry.

const HISTORY_LIMIT = 50;

const citationOf = (p: LibraryPassage): LibraryCitation => ({ n: p.n, taskId: p.taskId, title: p.title, index: p.index, begin: p.begin, text: p.text });

/** Checks what can be refused, then returns the producer of the streamed answer. */
export async function prepareLibraryAsk(asker: AiAsker, question: string, scope: LibraryScope) {
  await consumeAiRequest(asker);
  const q = question.trim();
  if (!q) throw new AppError("chat.questionEmpty");
  const passages = await retrievePassages(asker.id, q, scope);
  const language = await summaryLanguageOf(asker.id);

  return async function* answer(signal: AbortSignal): AsyncIterable<StreamEvent> {
    const provider = passages.length ? chatProvider() : null;
    const engine = provider ? provider.name : "local";
    let text = "";
    if (provider) {
      for await (const piece of provider.stream(libraryPrompt(q, passages, localeNames[language]), { signal })) {
        if (signal.aborted) break;
        text += piece;
        yield { type: "delta", text: piece };
      }
    } else {
      const t = await analyzerTranslator(language);
      for (const piece of localLibraryAnswer(q, passages, t)) {
        text += piece;
        yield { type: "delta", text: piece };
      }
    }
    if (signal.aborted || !text.trim()) return;
    const citations = passages.map(citationOf);
    const saved = await prisma.libraryQuestion.create({
      data: { userId: asker.id, scope: scopeKey(scope), question: q, answer: text, citations: citations as unknown as Prisma.InputJsonValue, engine },
      select: { id: true },
    });
    yield { type: "done", data: { id: saved.id, engine, citations } };
  };
}

/** The caller's questions in one scope, oldest first (the last HISTORY_LIMIT). */
export async function libraryHistory(userId: string, scope: LibraryScope): Promise<{ items: LibraryHistoryItem[] }> {
  const rows = await prisma.libraryQuestion.findMany({ where: { userId, scope: scopeKey(scope) }, orderBy: { createdAt: "desc" }, take: HISTORY_LIMIT });
  return {
    items: rows.reverse().map((r) => ({ id: r.id, question: r.question, answer: r.answer, citations: r.citations as unknown as LibraryCitation[], engine: r.engine, createdAt: r.createdAt.toISOString() })),
  };
}

/** Deletes one question of the caller's history; someone else's is "not found". */
export async function deleteLibraryQuestion(userId: string, id: string): Promise<{ deleted: number }> {
  const { count } = await prisma.libraryQuestion.deleteMany({ where: { id, userId } });
  if (!count) throw new AppError("library.questionNotFound");
  return { deleted: count };
}

/** Clears the caller's history of one scope. */
export async function clearLibraryHistory(userId: string, scope: LibraryScope): Promise<{ deleted: number }> {
  const { count } = await prisma.libraryQuestion.deleteMany({ where: { userId, scope: scopeKey(scope) } });
  return { deleted: count };
}
