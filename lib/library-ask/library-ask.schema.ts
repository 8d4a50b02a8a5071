import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

// Request and answer shapes of "Ask your library" (docs/library-ask.md). No server imports.

export const libraryScopes = ["all", "folder", "shared"] as const;

export type LibraryScope = { kind: "all" } | { kind: "shared" } | { kind: "folder"; folderId: string };

export const libraryAskBody = z.object({
  question: safeText({ min: 1, max: 1000, trim: true, multiline: true }),
  scope: z.enum(libraryScopes).default("all"),
  folder_id: safeId.optional(),
});

export const libraryHistoryQuery = z.object({ scope: z.enum(libraryScopes).default("all"), folder_id: safeId.optional() });
export const libraryQuestionParams = z.object({ id: safeId });

/** One cited passage: the [n] of the answer, the recording and the moment it opens at. */
export interface LibraryPassage {
  n: number;
  taskId: string;
  title: string;
  /** Timeline position of the entry. */
  index: number;
  /** Milliseconds into the recording (0 for a document). */
  begin: number;
  text: string;
  before: string | null;
  after: string | null;
  score: number;
}

export type LibraryCitation = Omit<LibraryPassage, "before" | "after" | "score">;

export interface LibraryHistoryItem {
  id: string;
  question: string;
  answer: string;
  citations: LibraryCitation[];
  engine: string;
  createdAt: string;
}

/** "all", "shared" or "folder:<id>": how a scope is kept with its history. */
export function scopeKey(scope: LibraryScope): string {
  return scope.kind === "folder" ? `folder:${scope.folderId}` : scope.kind;
}

export function toScope(kind: (typeof libraryScopes)[number], folderId: string | undefined): LibraryScope | null {
  if (kind === "folder") return folderId ? { kind, folderId } : null;
  return { kind };
}
