import "server-only";
import type { Outline } from "@/lib/analysis/types";
import type { Progress } from "@/lib/jobs/progress";
import type { MediaKind } from "@/lib/media/formats";
import { Prisma } from "@/lib/server/prisma";
import { isNonFinal } from "@/lib/tasks/task-status";

// How tasks look in API answers (docs/api.md). Prisma selects live next to the shapes they feed.

export const taskSummarySelect = {
  id: true,
  title: true,
  status: true,
  source: true,
  createTime: true,
  transcriptionTime: true,
  updateTime: true,
  duration: true,
  fileSize: true,
  mediaKind: true,
  estimatedMinutes: true,
  errorCode: true,
  errorMessage: true,
  errorDescription: true,
  retryCount: true,
  requestId: true,
  errorSuggestions: true,
  sourceUrl: true,
  meetingStatus: true,
  folder: { select: { id: true, name: true } },
} satisfies Prisma.TaskSelect;

export const taskDetailSelect = {
  ...taskSummarySelect,
  fullText: true,
  summary: true,
  summaryEngine: true,
  summaryLanguage: true,
  summaryEditedAt: true,
  mindMap: true,
  mindMapAt: true,
  outline: true,
  speechEngine: true,
  speakerCount: true,
  decodeProfile: true,
  spokenLanguage: true,
  translations: { select: { targetLanguage: true, status: true }, orderBy: { createdAt: "asc" } },
  speakerSource: true,
  speakers: { select: { id: true, name: true, label: true, profileState: true, profileConfidence: true }, orderBy: { position: "asc" } },
  timeline: { select: { position: true, begin: true, end: true, text: true, speakerId: true }, orderBy: { position: "asc" } },
  highlights: { select: { id: true, atSec: true }, orderBy: { atSec: "asc" } },
} satisfies Prisma.TaskSelect;

/** States whose live progress (Redis) is worth showing: those in which work runs (NON_FINAL, lib/tasks/task-status.ts). */
export function showsProgress(status: string): boolean {
  return isNonFinal(status);
}

export type SummaryRow = Prisma.TaskGetPayload<{ select: typeof taskSummarySelect }>;
type DetailRow = Prisma.TaskGetPayload<{ select: typeof taskDetailSelect }>;

export function toTaskSummary(t: SummaryRow, progress: Progress | null | undefined) {
  return {
    id: t.id,
    title: t.title,
    status: t.status,
    source: t.source,
    createTime: t.createTime.toISOString(),
    transcriptionTime: t.transcriptionTime?.toISOString() ?? null,
    updateTime: t.updateTime.toISOString(),
    duration: t.duration,
    fileSize: Number(t.fileSize),
    folder: t.folder,
    folderId: t.folder?.id ?? null,
    // Written only from our own probe (lib/media/formats.ts): "audio" or "video".
    mediaKind: t.mediaKind as MediaKind | null,
    estimatedMinutes: t.status === "queued" ? t.estimatedMinutes : null,
    progress: progress && showsProgress(t.status) ? { stage: progress.stage, percent: progress.percent, step: progress.step ?? null, steps: progress.steps ?? null } : null,
    sourceUrl: t.sourceUrl,
    meetingStatus: t.meetingStatus,
    errorDetails: t.errorCode
      ? {
          errorCode: t.errorCode,
          message: t.errorMessage,
          description: t.errorDescription,
          retryCount: t.retryCount,
          requestId: t.requestId,
          suggestions: t.errorSuggestions,
        }
      : null,
  };
}
export type TaskSummaryJson = ReturnType<typeof toTaskSummary>;

export function toTaskDetail(t: DetailRow, progress: Progress | null | undefined) {
  return {
    ...toTaskSummary(t, progress),
    // The owner's voice-profile match (lib/voice-profiles); getTask drops it for anyone else.
    speakers: t.speakers.map((s) => ({
      id: s.id,
      name: s.name,
      voiceMatch: s.profileState === "suggested" || s.profileState === "confirmed" ? { state: s.profileState, confidence: s.profileConfidence ?? 0 } : null,
    })),
    timeline: t.timeline.map((e) => ({ index: e.position, begin: e.begin, end: e.end, text: e.text, speakerId: e.speakerId })),
    fullText: t.fullText ?? "",
    summary: t.summary,
    summaryEngine: t.summaryEngine,
    summaryLanguage: t.summaryLanguage,
    mindMap: t.mindMap,
    // The saved summary changed after the map was drawn: the map needs redrawing.
    mindMapOutdated: Boolean(t.mindMap && t.summaryEditedAt && (!t.mindMapAt || t.summaryEditedAt > t.mindMapAt)),
    // Chapters, per-speaker summaries and to-dos of the last analysis (null before one, or from before they existed).
    outline: (t.outline ?? null) as Outline | null,
    speechEngine: t.speechEngine,
    // Who separated the speakers: "provider" (the speech API's labels), "ours", or null on older tasks.
    speakerSource: t.speakerSource,
    // The number of speakers the owner gave (null: detected automatically).
    speakerCount: t.speakerCount,
    // The decoding profile picked at upload (null: the default, "accurate").
    decodeProfile: t.decodeProfile,
    // The spoken language given at upload ("auto": detected by the engine; null: not asked, e.g. documents).
    spokenLanguage: t.spokenLanguage,
    translations: t.translations.map((x) => ({ targetLanguage: x.targetLanguage, status: x.status })),
    // Moments the owner marked while recording live ("Mark this moment"), in seconds of the recording.
    highlights: t.highlights.map((h) => ({ id: h.id, atSec: h.atSec })),
  };
}
export type TaskJson = ReturnType<typeof toTaskDetail>;
