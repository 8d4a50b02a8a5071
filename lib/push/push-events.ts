import "server-only";
import { translatorFor } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import type { PushMessage } from "@/lib/pwa/push-message";
import { pushToUser } from "./push.service";

/** The events a push notification is sent for (docs/devices.md "Push notifications"). */
export type PushEvent =
  | "transcriptionCompleted"
  | "transcriptionFailed"
  | "importCompleted"
  | "importFailed"
  | "analysisCompleted"
  | "analysisFailed"
  | "translationCompleted"
  | "translationFailed"
  | "liveEnded"
  | "collaboratorAdded";

/** The address a notification opens: the task in the app. */
export function taskAddress(taskId: string): string {
  return `/transcribe?task=${encodeURIComponent(taskId)}`;
}

/**
 * Tells `recipient` (the task's owner unless given: a new collaborator) about one event of a task, in their
 * interface language, with the task's title, opening the task. Never throws.
 */
export async function pushTaskEvent(taskId: string, event: PushEvent, recipient?: string): Promise<void> {
  try {
    const task = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true, title: true } });
    if (!task) return;
    const userId = recipient ?? task.userId;
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { uiLanguage: true } });
    const { t } = await translatorFor(user?.uiLanguage);
    const message: PushMessage = {
      event,
      title: t(`notify.events.${event}.title`),
      body: t(`notify.events.${event}.body`, { title: task.title }),
      url: taskAddress(taskId),
      tag: `${event}-${taskId}`,
    };
    await pushToUser(userId, message);
  } catch {
    /* a notification is a courtesy */
  }
}
