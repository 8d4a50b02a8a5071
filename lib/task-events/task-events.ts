import "server-only";
import { pushTaskEvent, type PushEvent } from "@/lib/push/push-events";
import { emitTaskEvent, emitTranslationEvent } from "@/lib/webhooks/task-events";

// The one place a finished step of a task is announced outside the app's open pages: the owner's webhooks
// (docs/api.md "Webhooks") and push notifications on their devices (docs/devices.md "Push notifications").
// Callers name what happened once, after the change is saved; neither channel can fail the step.

export type TaskEvent =
  | { kind: "transcribed"; imported?: boolean }
  | { kind: "transcriptionFailed"; imported?: boolean }
  | { kind: "analysed" }
  | { kind: "analysisFailed" }
  | { kind: "translated"; target: string }
  | { kind: "translationFailed"; target: string }
  | { kind: "liveEnded" }
  | { kind: "collaboratorAdded"; collaboratorId: string };

function pushEventOf(event: TaskEvent): PushEvent {
  switch (event.kind) {
    case "transcribed":
      return event.imported ? "importCompleted" : "transcriptionCompleted";
    case "transcriptionFailed":
      return event.imported ? "importFailed" : "transcriptionFailed";
    case "analysed":
      return "analysisCompleted";
    case "analysisFailed":
      return "analysisFailed";
    case "translated":
      return "translationCompleted";
    case "translationFailed":
      return "translationFailed";
    case "liveEnded":
      return "liveEnded";
    case "collaboratorAdded":
      return "collaboratorAdded";
  }
}

async function webhookOf(taskId: string, event: TaskEvent): Promise<void> {
  if (event.kind === "transcribed") return emitTaskEvent(taskId, "task.completed");
  if (event.kind === "transcriptionFailed") return emitTaskEvent(taskId, "task.failed");
  if (event.kind === "analysed") return emitTaskEvent(taskId, "summary.completed");
  if (event.kind === "translated") return emitTranslationEvent(taskId, event.target);
  if (event.kind === "liveEnded") return emitTaskEvent(taskId, "live.ended");
}

export async function announceTaskEvent(taskId: string, event: TaskEvent): Promise<void> {
  const recipient = event.kind === "collaboratorAdded" ? event.collaboratorId : undefined;
  await Promise.all([webhookOf(taskId, event).catch(() => undefined), pushTaskEvent(taskId, pushEventOf(event), recipient)]);
}
