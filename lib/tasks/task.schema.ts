import { z } from "zod";

// Request shapes of the transcription routes. No server imports: the browser may use them.
export const taskIdParams = z.object({ id: z.string().min(1).max(64) });

export const listTasksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  // "uncategorized" lists tasks in no folder; absent lists all.
  folder_id: z.string().max(64).optional(),
});

export const editTitleBody = z.object({ title: z.string().trim().max(200) });

export const editTaskBody = z
  .object({
    entries: z.array(z.object({ index: z.number().int().min(0), text: z.string().max(20_000) })).min(1).max(5000).optional(),
    summary: z.string().max(200_000).optional(),
  })
  .refine((b) => b.entries !== undefined || b.summary !== undefined, { message: "entries or summary" });

export const editSpeakerNamesBody = z.object({
  speakers: z.array(z.object({ id: z.string().min(1).max(64), name: z.string().trim().min(1).max(60) })).min(1).max(100),
});

export const deleteBatchBody = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(200) });

export const FINAL_TRANSCRIPTION_STATES = ["completed", "failed", "analyzing", "analysis_completed", "analysis_failed", "translating", "translation_completed", "translation_failed", "regenerating"] as const;
export const IN_PROGRESS_STATES = ["queued", "merging", "transcribing"] as const;

/** Speakers a user may name for one recording (upload or re-detection); more is guesswork for any diarizer. */
export const SPEAKER_COUNT_MAX = 10;

/** POST /api/transcription/{id}/redetect-speakers: a count, or null to let the diarizer decide. */
export const redetectSpeakersBody = z.object({ speakerCount: z.number().int().min(1).max(SPEAKER_COUNT_MAX).nullable() });
