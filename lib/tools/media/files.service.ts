import "server-only";
import { AppError } from "@/lib/server/errors";
import { requestCancel } from "@/lib/jobs/cancel";
import { enqueue } from "@/lib/jobs/contract";
import { clearProgress, getProgressMany, setProgress } from "@/lib/jobs/progress";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { withReceivedForm } from "@/lib/tasks/multipart";
import { ownedBy, type ToolOwner } from "./owner";
import { probeToolMedia } from "./probe";
import { MEDIA_TOOLS_MAX_BYTES, qualityValid, TOOLS, type MediaTool, type StartBody } from "./rules";
import { fileSelect, toFileView } from "./view";

// The media tools' files: upload (streamed to disk by busboy, probed by content, moved to
// storage), start (queued for the worker), list, delete, clear. Every query names the owner.

/** Where a file's source and output live in storage; the sweeper removes the whole folder. */
export const fileFolder = (id: string) => `tools/media/${id}`;

const HISTORY_LIMIT = 100;

/** POST /api/tools/media/files (multipart: "tool", "file"): the file is stored and waits for its options. */
export async function uploadToolFile(req: Request, owner: ToolOwner) {
  const limits = {
    maxFiles: 1,
    maxFileBytes: MEDIA_TOOLS_MAX_BYTES,
    fileTooLarge: () => new AppError("mediatools.fileTooLarge"),
    bodyTooLarge: () => new AppError("mediatools.fileTooLarge"),
  };
  // Nothing sent as a form is "nothing selected" in the tools' words.
  if (!(req.headers.get("content-type") ?? "").startsWith("multipart/form-data") || !req.body) throw new AppError("mediatools.noFile");
  return withReceivedForm(req, limits, async (form) => {
    const tool = (TOOLS as readonly string[]).includes(form.fields.tool ?? "") ? (form.fields.tool as MediaTool) : null;
    if (!tool) throw new AppError("common.invalidInput", { field: "tool" });
    const file = form.files[0];
    if (!file || file.size === 0) throw new AppError("mediatools.noFile");
    const probe = await probeToolMedia(file.path);
    // The content decides: a video tool takes only video, the compressor never takes video.
    if (!probe || probe.kind !== (tool === "extract" ? "video" : "audio")) throw new AppError(tool === "extract" ? "mediatools.selectVideo" : "mediatools.selectAudio");
    if (!probe.hasAudio) throw new AppError("mediatools.noAudioTrack");
    const row = await prisma.processedMediaFile.create({
      data: {
        userId: owner.userId,
        visitorKey: owner.userId ? null : owner.visitorKey,
        tool,
        originalName: file.name,
        originalSize: BigInt(file.size),
        originalFormat: probe.format,
        originalBitrate: probe.audioKbps,
        audioCodec: probe.audioCodec,
        duration: probe.durationSec,
        downloadExpiresAt: new Date(Date.now() + env().MEDIA_TOOLS_TTL_MS),
      },
      select: { id: true },
    });
    const sourceKey = `${fileFolder(row.id)}/source.${probe.format}`;
    try {
      await storage().putFile(sourceKey, file.path);
      const stored = await prisma.processedMediaFile.update({ where: { id: row.id }, data: { sourceKey }, select: fileSelect });
      return { file: toFileView(stored, null) };
    } catch (e) {
      logger.error("media tools upload could not be stored", { id: row.id, error: String(e) });
      await prisma.processedMediaFile.delete({ where: { id: row.id } }).catch(() => undefined);
      await storage().removeFolder(fileFolder(row.id)).catch(() => undefined);
      throw new AppError("mediatools.uploadFailed");
    }
  });
}

/** The owner's file, or "not found" (also for another visitor's id). */
export async function findOwnedFile(owner: ToolOwner, id: string) {
  const row = await prisma.processedMediaFile.findFirst({ where: { id, ...ownedBy(owner) }, select: { ...fileSelect, sourceKey: true, storageKey: true, outputType: true } });
  if (!row) throw new AppError("mediatools.notFound");
  return row;
}

/** POST /api/tools/media/files/{id}/start: the options are fixed and the worker converts. */
export async function startToolFile(owner: ToolOwner, id: string, body: StartBody, locale: string) {
  const row = await findOwnedFile(owner, id);
  const tool = row.tool as MediaTool;
  // "fastest" is the video tool's stream copy; the compressor always encodes.
  const mode = tool === "extract" ? body.mode : "encode";
  if (mode === "encode" && !qualityValid(tool, body.quality)) throw new AppError("mediatools.invalidQuality");
  if (row.downloadExpiresAt.getTime() <= Date.now() || !row.sourceKey) throw new AppError("mediatools.downloadExpired");
  const started = await prisma.processedMediaFile.updateMany({
    where: { id, status: "uploaded", sourceKey: { not: null } },
    data: { status: "queued", mode, audioFormat: mode === "fastest" ? null : body.format, qualityLevel: mode === "fastest" ? null : body.quality, errorCode: null },
  });
  if (started.count === 0) throw new AppError("mediatools.alreadyStarted");
  await setProgress(id, { stage: "queued", percent: 0 });
  await enqueue("mediatools.process", { fileId: id, locale }, { jobKey: id });
  return { file: toFileView(await prisma.processedMediaFile.findUniqueOrThrow({ where: { id }, select: fileSelect }), 0) };
}

/** GET /api/tools/media/files: the owner's history, newest first, with live progress. */
export async function listToolFiles(owner: ToolOwner) {
  const rows = await prisma.processedMediaFile.findMany({ where: ownedBy(owner), select: fileSelect, orderBy: { createdAt: "desc" }, take: HISTORY_LIMIT });
  const live = rows.filter((r) => r.status === "queued" || r.status === "processing").map((r) => r.id);
  const progress = await getProgressMany(live).catch(() => new Map<string, { percent: number }>());
  return { items: rows.map((r) => toFileView(r, progress.get(r.id)?.percent ?? null)), ttlMs: env().MEDIA_TOOLS_TTL_MS };
}

/** GET /api/tools/media/files/{id}. */
export async function getToolFile(owner: ToolOwner, id: string) {
  const row = await findOwnedFile(owner, id);
  const progress = row.status === "queued" || row.status === "processing" ? ((await getProgressMany([id]).catch(() => new Map())).get(id)?.percent ?? null) : null;
  return { file: toFileView(row, progress) };
}

/** Stops a file's conversion, removes its files, then its row. */
async function removeFiles(ids: string[]) {
  for (const id of ids) {
    await requestCancel(id).catch((e: unknown) => logger.warn("media tools cancel failed", { id, error: String(e) }));
    await storage().removeFolder(fileFolder(id));
    await clearProgress(id).catch(() => undefined);
  }
  await prisma.processedMediaFile.deleteMany({ where: { id: { in: ids } } });
}

/** DELETE /api/tools/media/files/{id}. */
export async function deleteToolFile(owner: ToolOwner, id: string) {
  await findOwnedFile(owner, id);
  await removeFiles([id]);
  return { deleted: 1 };
}

/** DELETE /api/tools/media/files: "clear all". */
export async function clearToolFiles(owner: ToolOwner) {
  const rows = await prisma.processedMediaFile.findMany({ where: ownedBy(owner), select: { id: true } });
  await removeFiles(rows.map((r) => r.id));
  return { deleted: rows.length };
}
