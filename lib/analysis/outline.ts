import "server-only";
import { z } from "zod";
import { outlinePrompt, numberedLines } from "./prompts";
import { parseJsonAnswer, ProviderOutputError, type ChatProvider } from "./provider";
import type { Chapter, Outline, Passage, TodoItem } from "./types";
import type { Locale } from "@/lib/i18n/locales";

// Chapters, per-speaker summaries and to-dos written by the configured chat API. The model
// names line numbers; times and entry indexes come from the transcript's own lines.

const providerOutline = z.object({
  chapters: z.array(z.object({ line: z.coerce.number().int().min(0), title: z.string().trim().min(1).max(200), gist: z.string().trim().max(400).default("") })).default([]),
  speakers: z.array(z.object({ name: z.string().trim().min(1).max(100), said: z.array(z.string().trim().max(400)).default([]), asked: z.array(z.string().trim().max(400)).default([]) })).default([]),
  todos: z
    .array(z.object({ line: z.coerce.number().int().min(0).optional(), text: z.string().trim().min(1).max(400), owner: z.string().trim().max(100).nullable().default(null), due: z.string().trim().max(100).nullable().default(null) }))
    .default([]),
});

export async function outlineByProvider(provider: ChatProvider, input: { title: string; passages: Passage[]; language: Locale }, signal?: AbortSignal): Promise<Outline> {
  const answer = await provider.complete(outlinePrompt({ title: input.title, lines: numberedLines(input.passages), language: input.language }), { json: true, signal });
  const parsed = providerOutline.safeParse(parseJsonAnswer(answer));
  if (!parsed.success) throw new ProviderOutputError("the outline is not in the agreed shape");
  return outlineFromLines(parsed.data, input.passages);
}

/** Line numbers to entries: chapters in order from line 0, each ending where the next starts. */
export function outlineFromLines(raw: z.infer<typeof providerOutline>, passages: Passage[]): Outline {
  const timed = passages.some((p) => p.begin > 0 || p.end > 0);
  const lastEnd = passages.reduce((m, p) => Math.max(m, p.end), 0);
  const starts = [...new Map(raw.chapters.filter((c) => c.line < passages.length).map((c) => [c.line, c])).values()].sort((a, b) => a.line - b.line);
  if (starts.length && starts[0]!.line !== 0) starts[0] = { ...starts[0]!, line: 0 };
  const chapters: Chapter[] = starts.map((c, k) => {
    const p = passages[c.line]!;
    const next = starts[k + 1] ? passages[starts[k + 1]!.line]! : null;
    return { title: c.title, gist: c.gist, index: p.index, begin: timed ? p.begin : null, end: timed ? (next ? next.begin : lastEnd) : null };
  });
  const todos: TodoItem[] = raw.todos.slice(0, 30).map((x, k) => {
    const p = x.line !== undefined && x.line < passages.length ? passages[x.line]! : null;
    return { id: `todo-${k + 1}`, text: x.text, owner: x.owner || p?.speaker || null, due: x.due || null, index: p?.index ?? 0, begin: timed && p ? p.begin : null, done: false };
  });
  const speakers = raw.speakers.slice(0, 20).map((s) => ({ speaker: s.name, said: s.said.filter(Boolean).slice(0, 4), asked: s.asked.filter(Boolean).slice(0, 3) }));
  return { chapters, speakers, todos };
}
