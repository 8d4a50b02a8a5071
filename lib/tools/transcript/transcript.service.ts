import "server-only";
import { AppError } from "@/lib/server/errors";
import { enqueue } from "@/lib/jobs/contract";
import { getProgress, setProgress, type Progress } from "@/lib/jobs/progress";
import { allowedLinkHosts } from "@/lib/links/hosts";
import { parseVideoLink, VIDEO_PLATFORM_HOST_LABEL, VIDEO_PLATFORM_HOSTS, videoLinkErrorKey } from "@/lib/links/link.schema";
import { prisma } from "@/lib/server/prisma";
import { claimAnonymous, claimUserUse, releaseQuota } from "./quota";
import type { TimedSegment } from "./captions";

// The video-platform transcript tool (issue 12): the web side. A start checks the link
// (validation rules), counts the use (quota.ts) and queues "tools.transcript"; the worker
// (run.ts) fills in the segments. Rows belong to a user or, signed out, to a visitor.

export interface ToolOwner {
  userId: string | null;
  visitorKey: string;
}

/** Queued or processing longer than this: its job is gone (a stall no listener records), so it counts as failed. */
export const STALE_AFTER_MS = 30 * 60_000;
const HISTORY_SIZE = 50;

const listSelect = { id: true, url: true, title: true, status: true, source: true, durationSec: true, errorCode: true, taskId: true, createdAt: true, completedAt: true } as const;

const START_TRANSACTION = { maxWait: 10_000, timeout: 15_000 };

export const progressKey = (id: string) => `tool-transcript:${id}`;

// Signed in, the account's transcripts and this browser's own from before signing in
// (its visitor cookie): what a visitor did just before logging in stays in view.
function ownerWhere(owner: ToolOwner) {
  const visitorsOwn = { visitorKey: owner.visitorKey, userId: null };
  return owner.userId ? { OR: [{ userId: owner.userId }, visitorsOwn] } : visitorsOwn;
}

/** POST /api/tools/transcript */
export async function startTranscript(input: { url: string; owner: ToolOwner; user: { id: string; planCode: string } | null; address: string; locale: string }) {
  const testHosts = allowedLinkHosts().filter((h) => !VIDEO_PLATFORM_HOSTS.includes(h));
  const link = parseVideoLink(input.url, testHosts);
  if (!link.ok) throw new AppError(videoLinkErrorKey[link.reason], { host: VIDEO_PLATFORM_HOST_LABEL });
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.toolTranscript.create({
      data: { url: link.url.toString(), userId: input.user?.id ?? null, visitorKey: input.user ? null : input.owner.visitorKey, title: link.videoId ? `YouTube ${link.videoId}` : null },
      select: listSelect,
    });
    if (input.user) await claimUserUse(tx, input.user);
    else await claimAnonymous(tx, created.id, input.owner.visitorKey, input.address);
    return created;
    // A burst of starts (double clicks, scripts) queues for a pool connection: wait rather than fail.
  }, START_TRANSACTION);
  await setProgress(progressKey(row.id), { stage: "queued", percent: 0 });
  await enqueue("tools.transcript", { transcriptId: row.id, locale: input.locale }, { jobKey: row.id });
  return { transcript: toView(row, null) };
}

/** GET /api/tools/transcript: the caller's past transcripts, newest first. */
export async function listTranscripts(owner: ToolOwner) {
  const rows = await prisma.toolTranscript.findMany({ where: ownerWhere(owner), select: listSelect, orderBy: { createdAt: "desc" }, take: HISTORY_SIZE });
  return { items: await Promise.all(rows.map(async (r) => toView(await settleStale(r), null))) };
}

/** GET /api/tools/transcript/{id}: one of the caller's transcripts, with its segments and progress. */
export async function getTranscript(owner: ToolOwner, id: string) {
  const row = await prisma.toolTranscript.findFirst({ where: { id, ...ownerWhere(owner) }, select: { ...listSelect, segments: true, language: true } });
  if (!row) throw new AppError("tools.transcriptNotFound");
  const settled = await settleStale(row);
  const progress = settled.status === "queued" || settled.status === "processing" ? await getProgress(progressKey(id)).catch(() => null) : null;
  return { transcript: { ...toView(settled, progress), language: row.language, segments: (row.segments as TimedSegment[] | null) ?? [] } };
}

type ListRow = { id: string; url: string; title: string | null; status: string; source: string | null; durationSec: number | null; errorCode: string | null; taskId: string | null; createdAt: Date; completedAt: Date | null; userId?: string | null };

function toView(r: ListRow, progress: Progress | null) {
  return {
    id: r.id,
    url: r.url,
    title: r.title,
    status: r.status,
    source: r.source,
    durationSec: r.durationSec,
    errorCode: r.errorCode,
    taskId: r.taskId,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    progress: progress ? { stage: progress.stage, percent: progress.percent } : null,
  };
}

async function settleStale<R extends ListRow>(row: R): Promise<R> {
  if ((row.status !== "queued" && row.status !== "processing") || Date.now() - row.createdAt.getTime() < STALE_AFTER_MS) return row;
  const failed = await markToolTranscriptFailed(row.id, "transcription_failed");
  return failed ? { ...row, status: "failed", errorCode: "transcription_failed" } : row;
}

/** Records a final failure once (only from queued/processing) and gives the use back, in one transaction. */
export async function markToolTranscriptFailed(id: string, errorCode: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.toolTranscript.updateMany({ where: { id, status: { in: ["queued", "processing"] } }, data: { status: "failed", errorCode, completedAt: new Date() } });
    if (count === 0) return false;
    const row = await tx.toolTranscript.findUniqueOrThrow({ where: { id }, select: { id: true, userId: true } });
    await releaseQuota(row, tx);
    return true;
  });
}
