import "server-only";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import type { Locale } from "@/lib/i18n/locales";
import { answerLocally, rankPassages } from "./local/chat";
import { generateQuizLocally } from "./local/quiz";
import { summarizeLocally } from "./local/summarize";
import { outlineLocally } from "./local/outline";
import { outlineByProvider } from "./outline";
import { isLongText, summarizeLocallyOffThread } from "./local/offthread";
import { chatPrompt, clock, numberedLines, quizPrompt, summaryPrompt, transcriptLines, translationPrompt } from "./prompts";
import { chatProvider, parseJsonAnswer, ProviderOutputError, type ChatProvider } from "./provider";
import type { Scenario } from "./scenario";
import type { ChatTurn, Outline, Passage, QuizQuestion, QuizSettings, SummaryStyle, Translate } from "./types";

/**
 * One interface, two engines: the configured OpenAI-compatible provider, or
 * the local analyzer when none is configured. Callers never ask which.
 */
export interface TextEngine {
  /** "local" or "openai:<model>": recorded with every result. */
  name: string;
  summarize(input: SummaryInput, signal?: AbortSignal): Promise<string>;
  /** Chapters, per-speaker summaries and to-dos (kept with the summary). */
  outline(input: SummaryInput, signal?: AbortSignal): Promise<Outline>;
  /** The answer as it is written, piece by piece. */
  answer(input: AnswerInput, signal?: AbortSignal): AsyncIterable<string>;
  quiz(input: QuizInput, signal?: AbortSignal): Promise<QuizQuestion[]>;
  /** Translation needs a provider; the local engine has none. */
  translate: ((input: TranslateInput, signal?: AbortSignal) => Promise<string[]>) | null;
}

export interface SummaryInput {
  title: string;
  passages: Passage[];
  style: SummaryStyle;
  language: Locale;
  scenario: Scenario;
  /** Bound to the "analyzer" namespace in the summary language. */
  t: Translate;
}
export interface AnswerInput {
  title: string;
  question: string;
  passages: Passage[];
  history: ChatTurn[];
  t: Translate;
}
export interface QuizInput {
  title: string;
  passages: Passage[];
  settings: QuizSettings;
  language: Locale;
  t: Translate;
  seed: string;
}
export interface TranslateInput {
  items: string[];
  target: Locale;
  kind: "lines" | "markdown";
}

export function textEngine(): TextEngine {
  const provider = chatProvider();
  return provider ? providerEngine(provider) : localEngine;
}

export const localEngine: TextEngine = {
  name: "local",
  async summarize(input, signal) {
    // A long transcript takes seconds of CPU: off the worker's event loop (lib/analysis/local/offthread.ts).
    if (isLongText(input.passages)) return summarizeLocallyOffThread({ title: input.title, passages: input.passages, style: input.style, language: input.language }, signal);
    return summarizeLocally({ title: input.title, passages: input.passages, style: input.style, t: input.t });
  },
  async outline(input) {
    return outlineLocally(input.passages, (number) => input.t("summary.topicFallback", { number }));
  },
  async *answer(input) {
    const { markdown } = answerLocally({ question: input.question, passages: input.passages, history: input.history, t: input.t });
    // Paragraph by paragraph, so the browser renders it the way it renders a provider's stream.
    const parts = markdown.split(/(?<=\n\n)/);
    for (const part of parts) yield part;
  },
  async quiz(input) {
    return generateQuizLocally({ passages: input.passages, settings: input.settings, t: input.t, seed: input.seed });
  },
  translate: null,
};

// ---------------------------------------------------------------------------

function providerEngine(provider: ChatProvider): TextEngine {
  const budget = env().AI_CONTEXT_CHARS;
  return {
    name: provider.name,
    async summarize(input, signal) {
      let transcript = transcriptLines(input.passages);
      // Longer than one prompt holds: notes per part first, then the summary of the notes.
      if (transcript.length > budget) {
        const notes: string[] = [];
        for (const part of splitByChars(input.passages, budget)) {
          notes.push(await provider.complete(summaryPrompt({ ...input, transcript: transcriptLines(part), partial: true }), { signal }));
        }
        transcript = notes.join("\n\n");
      }
      return provider.complete(summaryPrompt({ ...input, transcript }), { signal });
    },
    async outline(input, signal) {
      // Longer than one prompt holds: the local analyzer's chapters, whose times are exact by construction.
      if (numberedLines(input.passages).length > budget) return localEngine.outline(input, signal);
      // The summary stands without its outline: a model that cannot give one leaves the local analyzer's.
      return outlineByProvider(provider, input, signal).catch((e: unknown) => {
        if (signal?.aborted) throw e;
        logger.warn("provider outline failed, local outline used", { error: e instanceof Error ? e.message : String(e) });
        return localEngine.outline(input, signal);
      });
    },
    async *answer(input, signal) {
      const all = transcriptLines(input.passages);
      const excerpt = all.length > budget;
      const transcript = excerpt ? transcriptLines(withinBudget(rankPassages(input.question, input.passages, 200), budget)) : all;
      yield* provider.stream(chatPrompt({ title: input.title, transcript, excerpt, history: input.history.slice(-10), question: input.question }), { signal });
    },
    async quiz(input, signal) {
      const transcript = transcriptLines(withinBudget(input.passages, budget));
      const answer = await provider.complete(quizPrompt({ title: input.title, transcript, language: input.language, settings: input.settings }), { json: true, signal });
      return toQuizQuestions(parseJsonAnswer(answer), input);
    },
    async translate(input, signal) {
      if (input.kind === "markdown") return [await provider.complete(translationPrompt(input), { signal })];
      const parsed = z.object({ items: z.array(z.string()) }).safeParse(parseJsonAnswer(await provider.complete(translationPrompt(input), { json: true, signal })));
      if (!parsed.success || parsed.data.items.length !== input.items.length) throw new ProviderOutputError("the translation does not match the lines it was given");
      return parsed.data.items;
    },
  };
}

/** Consecutive runs of items, each within `budget` characters of text (plus `overhead` per item for times and names). */
export function splitByChars<T extends { text: string }>(items: T[], budget: number, overhead = 24): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const len = item.text.length + overhead;
    if (current.length && size + len > budget) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += len;
  }
  if (current.length) parts.push(current);
  return parts;
}

/** The first passages that fit the budget, back in timeline order. */
function withinBudget(passages: Passage[], budget: number): Passage[] {
  const kept: Passage[] = [];
  let size = 0;
  for (const p of passages) {
    size += p.text.length + 24;
    if (size > budget) break;
    kept.push(p);
  }
  return kept.sort((a, b) => a.index - b.index);
}

const providerQuestion = z.object({
  kind: z.enum(["single", "multiple", "truefalse"]),
  prompt: z.string().trim().min(1),
  options: z.array(z.string().trim().min(1)).min(2).max(6),
  answer: z.array(z.number().int().min(0)).min(1),
  analysis: z.string().default(""),
  time: z.string().optional(),
});

/** Keeps the well-formed questions of a model's quiz; none at all is an error. */
function toQuizQuestions(raw: unknown, input: QuizInput): QuizQuestion[] {
  const list = z.object({ questions: z.array(z.unknown()) }).safeParse(raw);
  if (!list.success) throw new ProviderOutputError("the quiz is not in the agreed shape");
  const out: QuizQuestion[] = [];
  for (const item of list.data.questions) {
    const q = providerQuestion.safeParse(item);
    if (!q.success || q.data.answer.some((a) => a >= q.data.options.length)) continue;
    const source = q.data.time ? passageAt(input.passages, q.data.time) : undefined;
    out.push({
      id: `${input.seed}-${out.length + 1}`,
      kind: q.data.kind,
      prompt: q.data.prompt,
      options: q.data.options,
      answer: [...new Set(q.data.answer)].sort((a, b) => a - b),
      analysis: q.data.analysis,
      ...(source ? { source: { index: source.index, begin: source.begin, end: source.end } } : {}),
    });
    if (out.length >= input.settings.count) break;
  }
  if (out.length === 0) throw new ProviderOutputError("the quiz holds no usable question");
  return out;
}

function passageAt(passages: Passage[], time: string): Passage | undefined {
  const parts = time.split(":").map(Number);
  if (parts.some((n) => !Number.isFinite(n))) return undefined;
  const ms = parts.reduce((acc, n) => acc * 60 + n, 0) * 1000;
  return passages.find((p) => p.begin <= ms && ms < Math.max(p.end, p.begin + 1)) ?? passages.find((p) => clock(p.begin) === time);
}
