// The task lifecycle: every status, its named groups and the moves allowed between them.
// No imports: the browser uses it too (lib/tasks/task.client.ts, components). Every status
// change on the server goes through moveTaskStatus (lib/tasks/write-guard.ts), which checks
// a move against TASK_STATUS_MOVES. The Prisma enum TaskStatus must list the same names
// (lib/tasks/task-status.test.ts compares them).

export const TASK_STATUSES = [
  "not_started",
  "queued",
  "merging",
  "transcribing",
  "completed",
  "failed",
  "analyzing",
  "analysis_completed",
  "analysis_failed",
  "translating",
  "translation_completed",
  "translation_failed",
  "regenerating",
] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Waiting on its transcription job (a meeting's recording is fetched while "queued"). */
export const IN_TRANSCRIPTION = ["queued", "merging", "transcribing"] as const satisfies readonly TaskStatus[];
/** An AI summary (first or again) is being written. */
export const IN_ANALYSIS = ["analyzing", "regenerating"] as const satisfies readonly TaskStatus[];
/** Work runs on it: its live progress (Redis) is worth showing and polling. */
export const NON_FINAL = [...IN_TRANSCRIPTION, "analyzing", "translating", "regenerating"] as const satisfies readonly TaskStatus[];
/** Has a transcript (what follows a finished transcription, including AI work on it). */
export const TRANSCRIBED = [
  "completed",
  "analysis_completed",
  "analysis_failed",
  "translating",
  "translation_completed",
  "translation_failed",
  "analyzing",
  "regenerating",
] as const satisfies readonly TaskStatus[];
/** Transcribed statuses in which nothing runs: speakers may be detected again. */
export const RESTING = ["completed", "analysis_completed", "analysis_failed", "translation_completed", "translation_failed"] as const satisfies readonly TaskStatus[];
/** Past the transcription (succeeded or failed): what a finished transcription job may find. */
export const FINAL_TRANSCRIPTION = ["completed", "failed", "analyzing", "analysis_completed", "analysis_failed", "translating", "translation_completed", "translation_failed", "regenerating"] as const satisfies readonly TaskStatus[];
/** The statuses a task is created in: an upload waits to be started, an import starts at once, a tool's finished transcript arrives complete. */
export const INITIAL = ["not_started", "queued", "completed"] as const satisfies readonly TaskStatus[];

export function isIn(group: readonly TaskStatus[], status: string): status is TaskStatus {
  return (group as readonly string[]).includes(status);
}
export const isInTranscription = (status: string) => isIn(IN_TRANSCRIPTION, status);
export const isInAnalysis = (status: string) => isIn(IN_ANALYSIS, status);
export const isNonFinal = (status: string) => isIn(NON_FINAL, status);
export const hasTranscript = (status: string) => isIn(TRANSCRIBED, status);

/**
 * Allowed moves: from → the statuses it may go to. Staying put is listed where a
 * writer re-asserts a status (the sweep queues a stranded task again).
 */
export const TASK_STATUS_MOVES: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  // Started (or retried) to the queue; a link whose download failed ends failed.
  not_started: ["queued", "failed"],
  // Queue → steps → end. Back to the queue: the sweep re-queues a stranded job. Back to
  // not_started: the enqueue failed right after the move. A retried job runs its steps
  // again from the first (merging after transcribing). A speaker re-detection ends in
  // the resting status it left (completed, or analysis_completed when it has a summary).
  queued: ["queued", "merging", "transcribing", "completed", "analysis_completed", "failed", "not_started"],
  merging: ["queued", "merging", "transcribing", "completed", "analysis_completed", "failed", "not_started"],
  transcribing: ["queued", "merging", "transcribing", "completed", "analysis_completed", "failed", "not_started"],
  // A failed transcription is retried.
  failed: ["queued"],
  // Transcribed: an AI summary starts (first time or again), or speakers are detected again.
  completed: ["analyzing", "regenerating", "queued"],
  analysis_completed: ["analyzing", "regenerating", "queued"],
  analysis_failed: ["analyzing", "regenerating", "queued"],
  translation_completed: ["analyzing", "regenerating", "queued"],
  translation_failed: ["analyzing", "regenerating", "queued"],
  translating: ["analyzing", "regenerating", "queued"],
  // An AI summary ends done or failed; when its job could not be queued the task goes back
  // to the status it came from (any transcribed one).
  analyzing: ["analysis_completed", "analysis_failed", "completed", "translating", "translation_completed", "translation_failed"],
  regenerating: ["analysis_completed", "analysis_failed", "completed", "translating", "translation_completed", "translation_failed"],
};

export function canMoveTaskStatus(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_STATUS_MOVES[from].includes(to);
}

/** The statuses from which `to` may be reached. */
export function statusesMovingTo(to: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((from) => canMoveTaskStatus(from, to));
}
