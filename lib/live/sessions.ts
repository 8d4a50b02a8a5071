import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { prisma, Prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { assertEngineHears, spokenLanguageField } from "@/lib/tasks/spoken-language";
import { chunkFolder, ensureChunkState, forgetChunkState } from "./chunk-state";
import { decodeProgressOf, forgetDecodeProgress } from "./decode-progress";
import { startLiveDecoding } from "./decode-queue";
import { forgetSegments, publishLive } from "./live-events";
import { liveMaxSeconds, outOfCredits, secondsLeftFor } from "./live-limits";
import { LIVE_WARN_BEFORE_SEC, type LiveSessionJson, type LiveSource, type LiveStopReason } from "./live.types";

// Live recording sessions (docs/live.md): the rows in PostgreSQL, the chunk tally in Redis
// (./chunk-state.ts), the chunks in storage. Every query has the owner in its where: another
// user's session id is "not found", never its data.

export const sessionSelect = {
  id: true,
  userId: true,
  state: true,
  source: true,
  spokenLanguage: true,
  title: true,
  folderId: true,
  chunkSeconds: true,
  receivedSeq: true,
  durationSec: true,
  stopReason: true,
  stopAtSeq: true,
  taskId: true,
  createdAt: true,
  marks: { select: { id: true, atSec: true }, orderBy: { atSec: "asc" } },
} satisfies Prisma.LiveSessionSelect;
export type SessionRow = Prisma.LiveSessionGetPayload<{ select: typeof sessionSelect }>;

/** 128 random bits, hex: the session id is also what lets its owner's browser name it. */
function newSessionId(): string {
  return randomBytes(16).toString("hex");
}

/** The caller's session, or live.notFound (also for another user's id). */
export async function findOwnedSession(userId: string, id: string): Promise<SessionRow> {
  const row = await prisma.liveSession.findFirst({ where: { id, userId }, select: sessionSelect });
  if (!row) throw new AppError("live.notFound");
  return row;
}

export async function toSessionJson(row: SessionRow): Promise<LiveSessionJson> {
  const tally = row.state === "ended" ? null : await ensureChunkState(row.userId, row.id);
  const durationSec = tally ? tally.bytes / 32000 : row.durationSec;
  const { left } = row.state === "ended" ? { left: 0 } : await secondsLeftFor(row.userId, row.id);
  return {
    id: row.id,
    state: row.state,
    source: row.source as LiveSource,
    spokenLanguage: row.spokenLanguage,
    title: row.title,
    chunkSeconds: row.chunkSeconds,
    sampleRate: 16000,
    receivedSeq: tally ? tally.contiguous : row.receivedSeq,
    durationSec,
    maxSeconds: liveMaxSeconds(),
    warnBeforeSec: LIVE_WARN_BEFORE_SEC,
    remainingSec: Math.max(0, left - Math.ceil(durationSec - 1e-9)),
    stop: (row.stopReason as LiveStopReason | null) ?? null,
    marks: row.marks,
    taskId: row.taskId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewSession {
  source: LiveSource;
  spokenLanguage?: string;
  title?: string;
  folderId?: string | null;
}

/** POST /api/live/sessions. Refused when the plan has no minutes left, or the engine cannot hear the language. */
export async function createSession(userId: string, input: NewSession, locale: string): Promise<LiveSessionJson> {
  const spokenLanguage = spokenLanguageField(input.spokenLanguage, locale);
  assertEngineHears(spokenLanguage);
  const chunkSeconds = env().LIVE_CHUNK_SECONDS;
  const { left, used, total } = await secondsLeftFor(userId);
  if (left < chunkSeconds) throw outOfCredits(used, total, Math.ceil(chunkSeconds));
  const row = await prisma.liveSession.create({
    data: { id: newSessionId(), userId, source: input.source, spokenLanguage, title: input.title?.trim() || null, folderId: input.folderId ?? null, chunkSeconds },
    select: sessionSelect,
  });
  await startLiveDecoding(row.id);
  return toSessionJson(row);
}

/** GET /api/live/sessions?open=1: the caller's recordings not ended (to continue one after a reload). */
export async function listSessions(userId: string, openOnly: boolean): Promise<LiveSessionJson[]> {
  const rows = await prisma.liveSession.findMany({
    where: { userId, ...(openOnly ? { state: { not: "ended" } } : {}) },
    select: sessionSelect,
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return Promise.all(rows.map(toSessionJson));
}

export async function getSession(userId: string, id: string): Promise<LiveSessionJson> {
  return toSessionJson(await findOwnedSession(userId, id));
}

/** Pause and resume only say what the browser does (it stops sending while paused): the audio is the chunks. */
export async function setPaused(userId: string, id: string, paused: boolean): Promise<LiveSessionJson> {
  const row = await findOwnedSession(userId, id);
  if (row.state === "ended") throw new AppError("live.ended");
  const res = await prisma.liveSession.updateMany({ where: { id, userId, state: { not: "ended" } }, data: { state: paused ? "paused" : "recording" } });
  if (res.count === 0) throw new AppError("live.ended");
  const json = await toSessionJson(await findOwnedSession(userId, id));
  await publishStatus(json).catch(() => undefined);
  return json;
}

async function publishStatus(s: LiveSessionJson) {
  const { decodedSec } = await decodeProgressOf(s.id);
  await publishLive(s.id, "status", { receivedSeq: s.receivedSeq, durationSec: s.durationSec, decodedSec, behindSec: Math.max(0, s.durationSec - decodedSec), state: s.state });
}

/** POST /api/live/sessions/:id/marks: "Mark this moment", at a time within what was recorded so far (clamped). */
export async function addMark(userId: string, id: string, atSec: number): Promise<{ id: string; atSec: number }> {
  const row = await findOwnedSession(userId, id);
  if (row.state === "ended") throw new AppError("live.ended");
  const limit = Math.max(row.durationSec, liveMaxSeconds());
  return prisma.liveMark.create({ data: { sessionId: id, atSec: Math.min(Math.max(0, atSec), limit) }, select: { id: true, atSec: true } });
}

/** DELETE /api/live/sessions/:id: the recording is thrown away (a finished one's task stays; delete that as a task). */
export async function discardSession(userId: string, id: string): Promise<{ deleted: string }> {
  const row = await findOwnedSession(userId, id);
  await prisma.liveSession.deleteMany({ where: { id, userId } });
  await storage().removeFolder(chunkFolder(row.userId, id));
  await forgetChunkState(id).catch(() => undefined);
  await forgetSegments(id).catch(() => undefined);
  await forgetDecodeProgress(id).catch(() => undefined);
  return { deleted: id };
}
