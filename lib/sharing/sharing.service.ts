import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { AppError, isAppError, type ErrorKey } from "@/lib/server/errors";
import { collabPermission } from "@/lib/tasks/permission";
import { env } from "@/lib/server/env";
import { prisma, Prisma } from "@/lib/server/prisma";
import { SHARE_TOKEN_BYTES, shareDate, sharePath, slugifyTitle } from "./share-link";
import type { ShareToggle } from "./sharing.schema";

/** What the owner sees of a task's share link. */
export interface ShareState {
  status: "enabled" | "disabled";
  enabled: boolean;
  allowIndexing: boolean;
  /** Path on this site, e.g. /transcribe/show/2026-11-25/weekly-sync-<token>. */
  path: string;
  /** The same, absolute (APP_URL). */
  url: string;
}

const shareSelect = { enabled: true, token: true, slugDate: true, slugTitle: true, allowIndexing: true } as const;
type ShareRow = Prisma.ShareGetPayload<{ select: typeof shareSelect }>;

/** The lookup key of a token: the unique index holds this, never the token itself. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

function newToken(): string {
  return randomBytes(SHARE_TOKEN_BYTES).toString("base64url");
}

function stateOf(row: ShareRow): ShareState {
  const path = sharePath(row);
  return { status: row.enabled ? "enabled" : "disabled", enabled: row.enabled, allowIndexing: row.allowIndexing, path, url: new URL(path, env().APP_URL).toString() };
}

/**
 * Runs a share action; anything that is not already a catalogue error (a database
 * hiccup, a bug) becomes the action's own message, e.g. "creation failed".
 */
export async function asShareFailure<T>(fallback: ErrorKey, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError(fallback);
  }
}

/** Owner only: a collaborator is told "permission denied", anyone else "task not found". */
async function requireShareOwner(userId: string, taskId: string): Promise<void> {
  const role = await collabPermission(taskId, userId);
  if (!role) throw new AppError("share.taskNotFound");
  if (role !== "owner") throw new AppError("share.permissionDenied");
}

/** The owner's share link of a task, or null when none was made yet. */
export async function getShare(userId: string, taskId: string): Promise<ShareState | null> {
  await requireShareOwner(userId, taskId);
  const row = await prisma.share.findUnique({ where: { taskId }, select: shareSelect });
  return row ? stateOf(row) : null;
}

/**
 * Creates the task's share link (once the AI summary is there), or answers the
 * existing one unchanged: one task has one link, and its URL never changes.
 */
export async function createShare(userId: string, taskId: string): Promise<ShareState> {
  await requireShareOwner(userId, taskId);
  const existing = await prisma.share.findUnique({ where: { taskId }, select: shareSelect });
  if (existing) return stateOf(existing);
  const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { title: true, summary: true, status: true } });
  if (!isAnalyzed(task)) throw new AppError("share.notAnalyzed");
  const token = newToken();
  try {
    const row = await prisma.share.create({
      data: { taskId, token, tokenHash: tokenHash(token), slugDate: shareDate(new Date()), slugTitle: slugifyTitle(task.title) },
      select: shareSelect,
    });
    return stateOf(row);
  } catch (error) {
    // Two clicks at once: the other request made it; both answer the same link.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return stateOf(await prisma.share.findUniqueOrThrow({ where: { taskId }, select: shareSelect }));
    }
    throw error;
  }
}

/** Switches the link on or off (flips it when `enabled` is left out) and sets the indexing opt-in. */
export async function toggleShare(userId: string, taskId: string, change: ShareToggle): Promise<ShareState> {
  await requireShareOwner(userId, taskId);
  const row = await prisma.share.findUnique({ where: { taskId }, select: shareSelect });
  if (!row) throw new AppError("share.linkInvalid");
  const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { summary: true, status: true } });
  const enabled = change.enabled ?? (change.allowIndexing === undefined ? !row.enabled : row.enabled);
  if (enabled && !row.enabled && !isAnalyzed(task)) throw new AppError("share.notAnalyzed");
  const updated = await prisma.share.update({
    where: { taskId },
    data: { enabled, ...(change.allowIndexing === undefined ? {} : { allowIndexing: change.allowIndexing }) },
    select: shareSelect,
  });
  return stateOf(updated);
}

/** The AI summary is finished: there is one, and no analysis is writing a new one. */
export function isAnalyzed(task: { summary: string | null; status: string }): boolean {
  return !!task.summary?.trim() && task.status !== "analyzing";
}
