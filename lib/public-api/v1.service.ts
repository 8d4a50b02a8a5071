import "server-only";
import type { Translate } from "@/lib/analysis/types";
import { exportTask } from "@/lib/exports/export.service";
import type { Locale } from "@/lib/i18n/locales";
import { searchTasks } from "@/lib/search/search.service";
import { getTask, listTasks } from "@/lib/tasks/task.service";
import type { z } from "zod";
import type { v1ListQuery, v1TranscriptQuery } from "./v1.schema";

// The public API's reads, over the services the web app uses (no logic of its own beyond shaping).

export async function listOrSearchTasks(userId: string, q: z.infer<typeof v1ListQuery>) {
  if (q.q) return searchTasks(userId, { q: q.q, page: q.page });
  return listTasks(userId, { page: q.page, page_size: q.page_size });
}

/** The transcript as JSON (speakers, times in ms, text), or any export format as a file. */
export async function transcriptOf(who: { userId: string; planCode: string }, taskId: string, q: z.infer<typeof v1TranscriptQuery>, locale: Locale, t: Translate) {
  if (q.format !== "json") return exportTask(who, taskId, { format: q.format, part: q.part }, locale, t);
  const task = await getTask(who.userId, taskId);
  const names = new Map(task.speakers.map((s) => [s.id, s.name]));
  return {
    task_id: task.id,
    title: task.title,
    status: task.status,
    speakers: task.speakers,
    segments: task.timeline.map((e) => ({ index: e.index, begin_ms: e.begin, end_ms: e.end, speaker_id: e.speakerId, speaker: e.speakerId ? (names.get(e.speakerId) ?? null) : null, text: e.text })),
    text: task.fullText,
  };
}

export async function summaryOf(userId: string, taskId: string) {
  const task = await getTask(userId, taskId);
  return { task_id: task.id, status: task.status, language: task.summaryLanguage, summary: task.summary };
}

export async function mindMapOf(userId: string, taskId: string) {
  const task = await getTask(userId, taskId);
  return { task_id: task.id, mind_map: task.mindMap };
}

/** Chapters with their times, what each speaker said and asked, and the to-dos: made with the summary (Task.outline). */
export async function chaptersOf(userId: string, taskId: string) {
  const task = await getTask(userId, taskId);
  const outline = task.outline;
  return {
    task_id: task.id,
    status: task.status,
    chapters: outline ? outline.chapters.map((c) => ({ title: c.title, gist: c.gist, index: c.index, begin_ms: c.begin, end_ms: c.end })) : null,
    speakers: outline?.speakers ?? [],
    todos: (outline?.todos ?? []).map((x) => ({ id: x.id, text: x.text, owner: x.owner, due: x.due, index: x.index, begin_ms: x.begin, done: x.done })),
  };
}
