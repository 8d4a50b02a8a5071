/** Puts the question set's recordings into the database as one user's finished tasks (one timeline entry per utterance). */
import { prisma } from "@/lib/server/prisma";
import type { LibraryRecording } from "./library-questions";

export async function seedLibraryRecordings(userId: string, recordings: LibraryRecording[], folderId: string | null = null): Promise<string[]> {
  const ids: string[] = [];
  for (const rec of recordings) {
    const last = rec.utterances.at(-1);
    const task = await prisma.task.create({
      data: { userId, folderId, title: rec.title, status: "completed", source: "upload", duration: Math.ceil((last?.end ?? 0) / 1000), language: /[\u4e00-\u9fff]/.test(rec.title) ? "zh" : "en" },
      select: { id: true },
    });
    await prisma.timelineEntry.createMany({ data: rec.utterances.map((u, i) => ({ taskId: task.id, position: i, begin: u.begin, end: u.end, text: u.text })) });
    ids.push(task.id);
  }
  return ids;
}
