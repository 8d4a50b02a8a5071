import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

// Request shapes of the transcription routes. No server imports: the browser may use them.
export const taskIdParams = z.object({ id: safeId });

export const listTasksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  // "uncategorized" lists tasks in no folder; absent lists all.
  folder_id: safeText({ max: 64 }).optional(),
});

export const editTitleBody = z.object({ title: safeText({ max: 200, trim: true }) });

/** The edit route's JSON body cap (lib/api/handler.ts): a long transcript's lines and summary, re-sent whole. */
export const EDIT_TASK_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export const editTaskBody = z
  .object({
    entries: z.array(z.object({ index: z.number().int().min(0), text: safeText({ max: 20_000, multiline: true }) })).min(1).max(5000).optional(),
    summary: safeText({ max: 200_000, multiline: true }).optional(),
  })
  .refine((b) => b.entries !== undefined || b.summary !== undefined, { message: "entries or summary" });

export const editSpeakerNamesBody = z.object({
  speakers: z.array(z.object({ id: safeId, name: safeText({ min: 1, max: 60, trim: true }) })).min(1).max(100),
});

/** One line given to another speaker of the task, or to a new one ("new"). */
export const entrySpeakerBody = z.object({ index: z.number().int().min(0), speakerId: z.union([safeId, z.literal("new")]) });

/** Two speakers made one: `speakerId`'s lines become `intoSpeakerId`'s. */
export const mergeSpeakersBody = z.object({ speakerId: safeId, intoSpeakerId: safeId });

export const deleteBatchBody = z.object({ ids: z.array(safeId).min(1).max(200) });

/** Speakers a user may name for one recording (upload or re-detection); more is guesswork for any diarizer. */
export const SPEAKER_COUNT_MAX = 10;

/** POST /api/transcription/{id}/redetect-speakers: a count, or null to let the diarizer decide. */
export const redetectSpeakersBody = z.object({ speakerCount: z.number().int().min(1).max(SPEAKER_COUNT_MAX).nullable() });
