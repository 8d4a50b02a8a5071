import { z } from "zod";
import { safeId, safeText, trimBlanks } from "@/lib/server/text";

// Folder rules (validation rules, error catalogue Folders) and request shapes. No server imports: the
// browser's dialogs check names with the same code before sending them.

export const MAX_FOLDER_NAME = 50;
/** The most tasks one batch move takes (the list's selection is one page, at most 100). */
export const MAX_BATCH_MOVE = 200;
/** The task list's "no folder" bucket, in the folderId / folder_id query parameter. */
export const UNCATEGORIZED = "uncategorized";

export type FolderNameProblem = "empty" | "tooLong";

/** Trims, folds runs of white space into one space and NFC-normalises; then checks the name. */
export function checkFolderName(raw: string): { ok: true; name: string } | { ok: false; problem: FolderNameProblem } {
  const name = trimBlanks(raw.normalize("NFC").replace(/\s+/g, " "));
  if (!name) return { ok: false, problem: "empty" };
  if ([...name].length > MAX_FOLDER_NAME) return { ok: false, problem: "tooLong" };
  return { ok: true, name };
}

/** The key two names clash on (case-insensitive); the database's unique index uses lower(name) too. */
export function folderNameKey(name: string): string {
  return name.toLowerCase();
}

export const folderIdParams = z.object({ id: safeId });
// Loose length here (control characters refused); the name rules give their own catalogue messages.
export const folderNameBody = z.object({ name: safeText({ max: 1000 }) });
/** folderId null moves to the uncategorized bucket. */
export const moveTaskBody = z.object({ folderId: safeId.nullable() });
export const moveBatchBody = z.object({ ids: z.array(safeId).min(1).max(MAX_BATCH_MOVE), folderId: safeId.nullable() });

/** GET /api/task: the task list under the names of API contract (page, folderId). */
export const taskPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  folderId: safeText({ max: 64 }).optional(),
});
