import "server-only";
import { AppError } from "@/lib/server/errors";
import { readCappedBody } from "@/lib/server/capped-body";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { addChunk, chunkKey, ensureChunkState, flagOnce, hasChunk } from "./chunk-state";
import { decodeProgressOf } from "./decode-progress";
import { startLiveDecoding } from "./decode-queue";
import { publishLive } from "./live-events";
import { liveMaxSeconds, maxLengthReached, outOfCredits, secondsLeftFor } from "./live-limits";
import { LIVE_BYTES_PER_SEC, LIVE_CHUNK_MAX_BYTES, LIVE_WARN_BEFORE_SEC, type LiveChunkAnswer, type LiveStopReason } from "./live.types";
import { findOwnedSession, type SessionRow } from "./sessions";

// PUT /api/live/sessions/:id/chunks/:seq (docs/live.md "Chunks"). A chunk is stored through the
// storage contract before it is acknowledged; the same seq again is acknowledged without storing
// it twice; chunks may come in any order. At a limit the last chunk taken answers `stop`, and
// chunks recorded after it are refused (missing ones before it are still taken, so a resend
// after a network drop completes the recording).

const SECONDS_EPS = 1e-6;

/** Reads a raw body up to `limit` bytes; more is live.chunkTooLarge, a broken stream live.chunkInvalid. */
export async function readChunkBody(req: Request, limit = LIVE_CHUNK_MAX_BYTES): Promise<Buffer> {
  const body = await readCappedBody(req, limit, {
    tooLarge: () => new AppError("live.chunkTooLarge", { limitKb: Math.round(limit / 1024) }),
    broken: () => new AppError("live.chunkInvalid"),
  });
  if (!body) throw new AppError("live.chunkInvalid");
  return body;
}

function refusalFor(reason: LiveStopReason, used: number, total: number, needed: number): AppError {
  return reason === "credits" ? outOfCredits(used, total, needed) : maxLengthReached();
}

async function setStop(row: SessionRow, reason: LiveStopReason, atSeq: number): Promise<void> {
  await prisma.liveSession.updateMany({ where: { id: row.id, stopReason: null }, data: { stopReason: reason, stopAtSeq: atSeq } });
  await publishLive(row.id, "limit", { reason, warning: false }).catch(() => undefined);
}

export async function putChunk(userId: string, sessionId: string, seq: number, pcm: Buffer): Promise<LiveChunkAnswer> {
  const row = await findOwnedSession(userId, sessionId);
  if (row.state === "ended") throw new AppError("live.ended");
  // 16-bit samples: an odd length, or nothing, is a damaged chunk.
  if (pcm.length === 0 || pcm.length % 2 !== 0) throw new AppError("live.chunkInvalid");
  let tally = await ensureChunkState(userId, sessionId);
  const { left, used, total } = await secondsLeftFor(userId, sessionId);
  const seconds = pcm.length / LIVE_BYTES_PER_SEC;

  if (!(await hasChunk(sessionId, seq))) {
    if (row.stopAtSeq !== null && seq > row.stopAtSeq) throw refusalFor(row.stopReason as LiveStopReason, used, total, Math.ceil(seconds));
    const after = tally.bytes / LIVE_BYTES_PER_SEC + seconds;
    // This chunk would not fit: the recording stops before it (its audio was recorded past the limit).
    if (row.stopAtSeq === null && (after > liveMaxSeconds() + SECONDS_EPS || Math.ceil(after - 1e-9) > left)) {
      const reason: LiveStopReason = after > liveMaxSeconds() + SECONDS_EPS ? "maxLength" : "credits";
      await setStop(row, reason, Math.min(tally.maxSeq, seq - 1));
      throw refusalFor(reason, used, total, Math.ceil(seconds));
    }
    await storage().putBytes(chunkKey(userId, sessionId, seq), pcm, "application/octet-stream");
    tally = await addChunk(sessionId, seq, pcm.length);
    await prisma.liveSession.updateMany({ where: { id: sessionId }, data: { durationSec: tally.bytes / LIVE_BYTES_PER_SEC, receivedSeq: tally.contiguous } });
    // The decoder stops after a quiet spell (or a worker restart lost it): a new chunk starts it again.
    await startLiveDecoding(sessionId);
  }

  const durationSec = tally.bytes / LIVE_BYTES_PER_SEC;
  const remainingSec = Math.max(0, left - Math.ceil(durationSec - 1e-9));
  const answer: LiveChunkAnswer = { receivedSeq: tally.contiguous, durationSec, remainingSec };
  const fresh = await prisma.liveSession.findUniqueOrThrow({ where: { id: sessionId }, select: { stopReason: true, stopAtSeq: true } });
  let stop = fresh.stopReason as LiveStopReason | null;
  // The next chunk would not fit: this one is the last, and the browser stops now.
  if (!stop) {
    const nextAfter = durationSec + row.chunkSeconds;
    if (nextAfter > liveMaxSeconds() + SECONDS_EPS) stop = "maxLength";
    else if (Math.ceil(nextAfter - 1e-9) > left) stop = "credits";
    if (stop) await setStop(row, stop, tally.maxSeq);
  }
  if (stop && (fresh.stopAtSeq === null || seq <= (fresh.stopAtSeq ?? seq))) answer.stop = stop;
  if (!stop) {
    const warn: LiveStopReason | null = liveMaxSeconds() - durationSec <= LIVE_WARN_BEFORE_SEC ? "maxLength" : remainingSec <= LIVE_WARN_BEFORE_SEC ? "credits" : null;
    if (warn) {
      answer.warning = warn;
      if (await flagOnce(sessionId, `warn-${warn}`)) await publishLive(sessionId, "limit", { reason: warn, warning: true }).catch(() => undefined);
    }
  }
  const { decodedSec } = await decodeProgressOf(sessionId);
  await publishLive(sessionId, "status", { receivedSeq: tally.contiguous, durationSec, decodedSec, behindSec: Math.max(0, durationSec - decodedSec), state: row.state }).catch(() => undefined);
  return answer;
}
