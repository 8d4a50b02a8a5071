import "server-only";
import type { LibraryScope } from "@/lib/library-ask/library-ask.schema";
import { prepareLibraryAsk } from "@/lib/library-ask/library-ask.service";
import type { AiAsker } from "@/lib/rate-limit/rate-limit";
import type { StreamEvent } from "@/lib/server/stream-events";
import { prepareAsk } from "@/lib/analysis/chat.service";
import { searchTasks } from "@/lib/search/search.service";
import { prisma, Prisma } from "@/lib/server/prisma";
import { findReadableTask } from "@/lib/tasks/readable";

// What the MCP tools read: the key owner's tasks and the tasks shared with
// them (findReadableTask decides), never anyone else's.

const LIST_LIMIT_MAX = 100;

export async function listTasksForMcp(userId: string, q: { from?: string; to?: string; folderId?: string; limit?: number }) {
  const createTime: Prisma.DateTimeFilter = {};
  if (q.from) createTime.gte = new Date(q.from);
  if (q.to) createTime.lte = new Date(q.to);
  const folder = q.folderId === undefined ? {} : { folderId: q.folderId === "uncategorized" ? null : q.folderId };
  // A folder is the owner's own filing: with one named, only owned tasks qualify.
  const whose: Prisma.TaskWhereInput = q.folderId === undefined ? { OR: [{ userId }, { collaborators: { some: { userId } } }] } : { userId };
  const rows = await prisma.task.findMany({
    where: { ...whose, ...folder, deletedAt: null, createTime },
    select: { id: true, title: true, status: true, createTime: true, duration: true, userId: true, folder: { select: { id: true, name: true } } },
    orderBy: { createTime: "desc" },
    take: Math.min(q.limit ?? 50, LIST_LIMIT_MAX),
  });
  return rows.map((t) => ({
    id: t.id,
    title: t.title,
    status: t.status,
    createdAt: t.createTime.toISOString(),
    durationSeconds: t.duration,
    folder: t.userId === userId ? t.folder : null,
    shared: t.userId !== userId,
  }));
}

export async function searchForMcp(userId: string, q: { query: string; folderId?: string; page?: number }) {
  return searchTasks(userId, { q: q.query, folderId: q.folderId, page: q.page ?? 1 });
}

const clock = (ms: number) => new Date(Math.max(0, Math.round(ms))).toISOString().slice(11, 19);

export async function transcriptForMcp(userId: string, taskId: string) {
  const { task } = await findReadableTask(userId, taskId, {
    id: true,
    title: true,
    status: true,
    speakers: { select: { id: true, name: true }, orderBy: { position: "asc" } },
    timeline: { select: { begin: true, end: true, text: true, speakerId: true }, orderBy: { position: "asc" } },
  });
  const names = new Map(task.speakers.map((s) => [s.id, s.name]));
  const entries = task.timeline.map((e) => ({ beginMs: e.begin, endMs: e.end, speaker: e.speakerId ? (names.get(e.speakerId) ?? null) : null, text: e.text }));
  const text = entries.map((e) => `[${clock(e.beginMs)}–${clock(e.endMs)}] ${e.speaker ? `${e.speaker}: ` : ""}${e.text}`).join("\n");
  return { taskId: task.id, title: task.title, status: task.status, speakers: task.speakers.map((s) => s.name), entries, text };
}

export async function summaryForMcp(userId: string, taskId: string) {
  const { task } = await findReadableTask(userId, taskId, { id: true, title: true, status: true, summary: true, summaryLanguage: true, mindMap: true });
  return { taskId: task.id, title: task.title, status: task.status, summary: task.summary, summaryLanguage: task.summaryLanguage, mindMap: task.mindMap };
}

/** Asks through Ask AI (the owner's chat, saved in its history; the same AI limits) and waits for the whole answer. */
export async function askForMcp(asker: AiAsker, taskId: string, question: string, signal: AbortSignal) {
  const answer = await prepareAsk(asker, taskId, question);
  let text = "";
  for await (const event of answer(signal) as AsyncIterable<StreamEvent>) if (event.type === "delta") text += event.text;
  return text;
}

/** Asks the caller's whole library (or one folder, or what is shared with them): the answer and the passages it cites. */
export async function askLibraryForMcp(asker: AiAsker, question: string, scope: LibraryScope, signal: AbortSignal) {
  const answer = await prepareLibraryAsk(asker, question, scope);
  let text = "";
  let citations: unknown = [];
  for await (const event of answer(signal) as AsyncIterable<StreamEvent>) {
    if (event.type === "delta") text += event.text;
    if (event.type === "done") citations = event.data.citations;
  }
  return { answer: text, citations };
}
