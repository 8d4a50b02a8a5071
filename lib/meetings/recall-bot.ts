import "server-only";

// Reading a Recall.ai v1 bot object (GET /api/v1/bot/{id}/). Only the fields we use are
// looked at, and every one defensively: providers that copy the API differ in details.

export type MeetingStatus = "joining" | "in_meeting" | "ended" | "unknown";

export interface BotState {
  status: MeetingStatus;
  /** Pre-signed media link, present once the provider has finished the recording. */
  recordingUrl: string | null;
  /** The bot gave up (Recall "fatal"): nothing more will happen. */
  failed: boolean;
  /** Recall's sub_code (or message) for a failure, e.g. "meeting_not_found". */
  failureReason?: string;
  /** The provider is done with the bot: no recording will appear if there is none now. */
  finished: boolean;
  /** The latest raw status code, for logs. */
  providerCode: string | null;
}

const STATUS_BY_CODE: Record<string, MeetingStatus> = {
  ready: "joining",
  joining_call: "joining",
  in_waiting_room: "joining",
  in_call_not_recording: "in_meeting",
  in_call_recording: "in_meeting",
  recording_permission_allowed: "in_meeting",
  // Still in the call; Recall leaves by itself after recording_permission_denied_timeout.
  recording_permission_denied: "in_meeting",
  recording_done: "in_meeting",
  call_ended: "ended",
  done: "ended",
  analysis_done: "ended",
  analysis_failed: "ended",
  media_expired: "ended",
  fatal: "ended",
};

// After these nothing more arrives for the recording (call_ended is followed by done).
const FINISHED_CODES = new Set(["done", "analysis_done", "analysis_failed", "media_expired", "fatal"]);

interface StatusChange {
  code: string;
  subCode: string | null;
  message: string | null;
}

export function botStateFromRecall(bot: unknown): BotState {
  const latest = latestStatusChange(bot);
  const code = latest?.code ?? null;
  const failed = code === "fatal";
  return {
    status: code ? (STATUS_BY_CODE[code] ?? "unknown") : "unknown",
    recordingUrl: failed ? null : recordingDownloadUrl(bot),
    failed,
    ...(failed ? { failureReason: latest?.subCode ?? latest?.message ?? "fatal" } : {}),
    finished: code !== null && FINISHED_CODES.has(code),
    providerCode: code,
  };
}

/** The bot id of a create answer; null when the answer has none. */
export function botIdFromRecall(bot: unknown): string | null {
  const id = field(bot, "id");
  return typeof id === "string" && id ? id : typeof id === "number" ? String(id) : null;
}

function latestStatusChange(bot: unknown): StatusChange | null {
  const changes = field(bot, "status_changes");
  // Recall lists changes oldest first; newer API versions also give the current one as "status".
  const last = Array.isArray(changes) && changes.length ? changes[changes.length - 1] : field(bot, "status");
  const code = field(last, "code");
  if (typeof code !== "string") return null;
  return { code, subCode: text(field(last, "sub_code")), message: text(field(last, "message")) };
}

/** Mixed audio when the provider made it (smaller, all we transcribe), else the mixed video. */
function recordingDownloadUrl(bot: unknown): string | null {
  const recordings = field(bot, "recordings");
  if (!Array.isArray(recordings)) return null;
  for (const recording of recordings) {
    const shortcuts = field(recording, "media_shortcuts");
    const url = downloadUrl(field(shortcuts, "audio_mixed")) ?? downloadUrl(field(shortcuts, "video_mixed"));
    if (url) return url;
  }
  return null;
}

function downloadUrl(shortcut: unknown): string | null {
  const url = field(field(shortcut, "data"), "download_url");
  return typeof url === "string" && /^https?:\/\//i.test(url) ? url : null;
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}
