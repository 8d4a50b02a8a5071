import "server-only";
import { prisma } from "@/lib/server/prisma";
import { apiUrl, emitEvent } from "./emit";

// The task events, built from the saved task: callers name the task and the event, once, after saving.

export async function emitTaskEvent(taskId: string, type: "task.completed" | "task.failed" | "summary.completed" | "live.ended"): Promise<void> {
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true, title: true, status: true, duration: true, errorCode: true, errorMessage: true } }).catch(() => null);
  if (!task) return;
  const ref = { task_id: taskId, title: task.title, status: task.status };
  if (type === "task.completed") return emitEvent(task.userId, type, { ...ref, duration: task.duration, transcript_url: apiUrl(`/api/v1/tasks/${taskId}/transcript`) });
  if (type === "task.failed") return emitEvent(task.userId, type, { ...ref, error_code: task.errorCode, error_message: task.errorMessage });
  if (type === "summary.completed") return emitEvent(task.userId, type, { ...ref, summary_url: apiUrl(`/api/v1/tasks/${taskId}/summary`) });
  return emitEvent(task.userId, type, { ...ref, duration: task.duration });
}

export async function emitTranslationEvent(taskId: string, target: string): Promise<void> {
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true } }).catch(() => null);
  if (!task) return;
  await emitEvent(task.userId, "translation.completed", { task_id: taskId, target_language: target, translation_url: apiUrl(`/api/v1/tasks/${taskId}/translations/${target}`) });
}
