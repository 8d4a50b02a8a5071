import "server-only";
import { AppError, isAppError } from "@/lib/server/errors";
import type { AiAsker } from "@/lib/rate-limit/rate-limit";
import { requestAnalysis } from "@/lib/analysis/analysis.service";
import { chargeTasks } from "@/lib/billing/ledger";
import { secondsForText } from "@/lib/documents/limits";
import { prisma } from "@/lib/server/prisma";
import { newTaskId } from "@/lib/tasks/task-files";
import { createTask } from "@/lib/tasks/write-guard";
import type { TimedSegment } from "./captions";

// "Open in the app": a finished tool transcript becomes a task of the main app, with the
// transcript's timeline (times kept), charged like pasted text (about 600 bytes a minute),
// and its summary and mind map started at once. Signed-in users only; once per transcript.

/** POST /api/tools/transcript/{id}/open */
export async function openTranscriptInApp(user: AiAsker, visitorKey: string, id: string, locale: string) {
  // The visitor's own anonymous transcript may be taken into the account that just signed in.
  const row = await prisma.toolTranscript.findFirst({
    where: { id, OR: [{ userId: user.id }, { userId: null, visitorKey }] },
    select: { id: true, title: true, url: true, status: true, segments: true, taskId: true },
  });
  if (!row) throw new AppError("tools.transcriptNotFound");
  if (row.taskId && (await prisma.task.count({ where: { id: row.taskId, userId: user.id, deletedAt: null } })) > 0) return { taskId: row.taskId };
  if (row.status !== "completed") throw new AppError("tools.transcriptNotReady");
  const segments = (row.segments as TimedSegment[] | null) ?? [];
  const fullText = segments.map((s) => s.text).join("\n");
  const taskId = newTaskId();
  await prisma.$transaction(async (db) => {
    await createTask(
      {
        id: taskId,
        userId: user.id,
        title: (row.title ?? row.url).slice(0, 200),
        source: "text",
        status: "completed",
        sourceUrl: row.url,
        fullText,
        transcriptionTime: new Date(),
        completedSteps: ["document"],
        duration: segments.length > 0 ? segments.at(-1)!.end / 1000 : null,
      },
      db,
    );
    await db.timelineEntry.createMany({ data: segments.map((s, position) => ({ taskId, position, begin: s.begin, end: s.end, text: s.text })) });
    await chargeTasks(db, user.id, [{ taskId, seconds: secondsForText(fullText) }]);
    // Claimed by the account from now on (an anonymous row moves into the account's history).
    await db.toolTranscript.update({ where: { id: row.id }, data: { taskId, userId: user.id, visitorKey: null } });
  });
  // The summary counts against the user's AI limits; over them, the task opens unsummarised (its summary can be asked for later).
  await requestAnalysis(user, taskId, { regenerate: false, locale }).catch((e: unknown) => {
    if (!(isAppError(e) && (e.key === "common.rateLimited" || e.key === "common.dailyLimit"))) throw e;
  });
  return { taskId };
}
