import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

// PUT /api/transcription/{id}/edit-collaborative: the merged result of a co-editing session.
// No server imports: the editor builds this body in the browser.

/** The route's body cap: a long transcript's paragraphs and the summary, sent whole. */
export const EDIT_COLLABORATIVE_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

const MAX_MS = 48 * 3600 * 1000;

export const collabEntry = z
  .object({
    speakerId: safeId.nullable(),
    beginMs: z.number().int().min(0).max(MAX_MS),
    endMs: z.number().int().min(0).max(MAX_MS),
    text: safeText({ min: 1, max: 20_000, multiline: true, trim: true }),
  })
  .refine((e) => e.endMs >= e.beginMs, { message: "endMs before beginMs", path: ["endMs"] });

export const editCollaborativeBody = z
  .object({
    entries: z.array(collabEntry).min(1).max(20_000).optional(),
    summary: safeText({ max: 200_000, multiline: true }).optional(),
  })
  .refine((b) => b.entries !== undefined || b.summary !== undefined, { message: "entries or summary" });

export type EditCollaborativeBody = z.infer<typeof editCollaborativeBody>;
