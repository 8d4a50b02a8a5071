import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { enqueue } from "@/lib/jobs/contract";
import { clearProgress, setProgress } from "@/lib/jobs/progress";
import { chargeTasks } from "@/lib/billing/ledger";
import { getUsage, usageSeconds } from "@/lib/billing/usage";
import { joinBlocks } from "@/lib/documents/blocks";
import { checkImportRequest, readDocument, textFromPaste, type DocumentBlock } from "@/lib/documents/read";
import { AppError } from "@/lib/server/errors";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_REQUEST, MAX_REQUEST_BYTES, minutesForText, secondsForText } from "@/lib/documents/limits";
import { scratchDir, storage } from "@/lib/storage/storage";
import { prisma } from "@/lib/server/prisma";
import { withReceivedForm, type ReceivedForm } from "@/lib/tasks/multipart";
import { createTask, moveTaskStatus, TaskGoneError, taskExists } from "@/lib/tasks/write-guard";
import { mediaFolder, newTaskId } from "@/lib/tasks/task-files";
import { taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.serializer";

// Documents (.txt, .docx) and pasted text as tasks. The route reads and checks
// everything first (so bad input leaves no half-made task) and reserves the
// seconds (600 bytes a minute, billed to the second); the worker then turns the stored
// blocks into the task's timeline, one entry per heading, paragraph or list.

interface ReadDoc {
  name: string;
  title: string;
  text: string;
  blocks: DocumentBlock[];
  size: number;
  source: "document" | "text";
}

// Reading stops at the first byte past a document's or the request's limit (lib/tasks/multipart.ts).
const documentUpload = {
  maxFiles: MAX_DOCUMENTS_PER_REQUEST,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_REQUEST_BYTES + 1024 * 1024,
  fileTooLarge: (file: string) => new AppError("documents.tooLarge", { file, limitMb: MAX_DOCUMENT_BYTES / (1024 * 1024) }),
  bodyTooLarge: () => new AppError("documents.totalTooLarge", { limitMb: MAX_REQUEST_BYTES / (1024 * 1024) }),
};

async function readAll(form: ReceivedForm): Promise<ReadDoc[]> {
  // A cut-off file (past the per-file limit) counts with its full size: "too large".
  checkImportRequest(form.files.map((f) => ({ name: f.name, size: f.truncated ? MAX_DOCUMENT_BYTES + 1 : f.size })));
  const docs: ReadDoc[] = [];
  for (const f of form.files) {
    const doc = await readDocument({ path: f.path, name: f.name, size: f.size });
    docs.push({ name: f.name, title: doc.title, text: doc.text, blocks: doc.paragraphs, size: f.size, source: "document" });
  }
  return docs;
}

/** POST /api/transcription/document-estimate: the minutes the documents would use, nothing created. */
export async function estimateDocuments(req: Request, userId: string) {
  return withReceivedForm(req, documentUpload, async (form) => {
    const docs = await readAll(form);
    // Seconds as billed; minutes (fractional) for the dialog, which shows them by the one display rule.
    const items = docs.map((d) => ({ name: d.name, chars: d.text.length, seconds: secondsForText(d.text), minutes: minutesForText(d.text) }));
    const totalSeconds = items.reduce((sum, i) => sum + i.seconds, 0);
    const [usage, exact] = await Promise.all([getUsage(userId), usageSeconds(userId)]);
    return { items, totalSeconds, totalMinutes: totalSeconds / 60, usage, fits: exact.used + totalSeconds <= exact.total };
  });
}

/** POST /api/transcription/create-document: every document becomes its own task. */
export async function createFromDocuments(req: Request, userId: string, locale: string) {
  return withReceivedForm(req, documentUpload, async (form) => ({ tasks: await createDocumentTasks(userId, locale, await readAll(form)) }));
}

/** POST /api/transcription/paste-text: the pasted text becomes a task. */
export async function createFromPaste(userId: string, input: { text: string; title?: string }, locale: string) {
  const pasted = textFromPaste(input.text);
  const title = input.title?.normalize("NFC").trim() || pasted.title;
  const [task] = await createDocumentTasks(userId, locale, [{ name: title, title, text: pasted.text, blocks: pasted.paragraphs, size: Buffer.byteLength(pasted.text), source: "text" }]);
  return { task };
}

const blocksKey = (userId: string, taskId: string) => `${mediaFolder(userId, taskId)}/document.json`;

/** Stores each document's blocks and creates the tasks with their seconds reserved, all or nothing. */
async function createDocumentTasks(userId: string, locale: string, docs: ReadDoc[]) {
  const planned = docs.map((d) => ({ ...d, id: newTaskId(), seconds: secondsForText(d.text) }));
  const stored: string[] = [];
  const dir = await scratchDir("documents", planned[0]!.id);
  try {
    for (const d of planned) {
      const file = path.join(dir, `${d.id}.json`);
      await fsp.writeFile(file, JSON.stringify({ blocks: d.blocks }));
      await storage().putFile(blocksKey(userId, d.id), file, "application/json");
      stored.push(blocksKey(userId, d.id));
    }
    await prisma.$transaction(async (db) => {
      for (const d of planned) {
        await createTask({ id: d.id, userId, title: d.title.slice(0, 200), source: d.source, status: "queued", fileSize: d.size }, db);
      }
      await chargeTasks(db, userId, planned.map((d) => ({ taskId: d.id, seconds: d.seconds })));
    });
  } catch (e) {
    for (const key of stored) await storage().remove(key).catch(() => undefined);
    throw e;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  for (const d of planned) {
    await setProgress(d.id, { stage: "queued", percent: 0 });
    await enqueue("document.import", { taskId: d.id, locale }, { jobKey: d.id });
  }
  const rows = await prisma.task.findMany({ where: { id: { in: planned.map((d) => d.id) } }, select: taskSummarySelect, orderBy: { createTime: "asc" } });
  return rows.map((r) => toTaskSummary(r, null));
}

/** The worker's part: the stored blocks become the task's timeline and full text (markdown). */
export async function runDocumentImport(taskId: string) {
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true, status: true } });
  if (!task || task.status !== "queued") return { skipped: task?.status ?? "deleted" };
  const dir = await scratchDir("documents", taskId);
  try {
    const file = await storage().fetchToFile(blocksKey(task.userId, taskId), path.join(dir, "document.json"));
    const { blocks } = JSON.parse(await fsp.readFile(file, "utf8")) as { blocks: DocumentBlock[] };
    await setProgress(taskId, { stage: "saving", percent: 50 });
    await prisma.$transaction(async (db) => {
      // First, so a task deleted meanwhile gets nothing written (TaskGoneError rolls back).
      const moved = await moveTaskStatus(taskId, "completed", {
        where: { deletedAt: null },
        data: { transcriptionTime: new Date(), fullText: joinBlocks(blocks), completedSteps: ["document"], estimatedMinutes: null },
        db,
      });
      if (moved === 0) throw new TaskGoneError(taskId);
      await db.timelineEntry.deleteMany({ where: { taskId } });
      // Documents have no clock: every block sits at 0 ms, in order.
      await db.timelineEntry.createMany({ data: blocks.map((b, position) => ({ taskId, position, begin: 0, end: 0, text: b.text })) });
    });
    await clearProgress(taskId);
    await announceTaskEvent(taskId, { kind: "transcribed", imported: true });
    return { blocks: blocks.length };
  } catch (e) {
    // Deleted while it was read: nothing was written, and deleting removed the files.
    if (e instanceof TaskGoneError || !(await taskExists(taskId))) {
      await clearProgress(taskId);
      return { skipped: "deleted" as const };
    }
    throw e;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
