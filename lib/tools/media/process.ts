import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { clearProgress, setProgress } from "@/lib/jobs/progress";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { scratchDir, storage } from "@/lib/storage/storage";
import { outputShape, runConversion } from "./convert";
import { fileFolder } from "./files.service";
import { probeSourceAudio } from "./probe";
import type { MediaTool, OutputFormat } from "./rules";

// The worker's side: fetch the source, convert, store the output, record sizes, remove the source.
// Every write is conditional on the row still waiting on this conversion: a file deleted meanwhile
// (or expired) stays deleted, and what was stored for it is removed.

const PROGRESS_EVERY_MS = 500;

export async function processToolFile(id: string, signal: AbortSignal): Promise<{ id: string; skipped?: string; bytes?: number; ms?: number }> {
  const row = await prisma.processedMediaFile.findUnique({ where: { id }, select: { tool: true, status: true, mode: true, audioFormat: true, qualityLevel: true, sourceKey: true, duration: true, audioCodec: true, originalBitrate: true } });
  if (!row || !row.sourceKey || !["queued", "processing"].includes(row.status)) return { id, skipped: row ? row.status : "deleted" };
  const claimed = await prisma.processedMediaFile.updateMany({ where: { id, status: { in: ["queued", "processing"] } }, data: { status: "processing" } });
  if (claimed.count === 0) return { id, skipped: "not waiting" };
  const started = Date.now();
  const dir = await scratchDir("tools", id);
  try {
    const input = await storage().fetchToFile(row.sourceKey, path.join(dir, `source${path.extname(row.sourceKey)}`));
    const mode = row.mode === "fastest" ? "fastest" : "encode";
    // The compressor keeps a narrower source's rate and channels: ask the file itself (the row has only its bitrate).
    const audio = row.tool === "compress" && mode === "encode" ? await probeSourceAudio(input) : {};
    const shape = outputShape({
      tool: row.tool as MediaTool,
      mode,
      format: (row.audioFormat ?? "mp3") as OutputFormat,
      quality: row.qualityLevel ?? 0,
      source: { durationSec: row.duration, audioCodec: row.audioCodec, audioKbps: row.originalBitrate, ...audio },
    });
    const output = path.join(dir, `output.${shape.ext}`);
    let last = 0;
    await setProgress(id, { stage: "processing", percent: 1 });
    await runConversion(input, output, shape, row.duration, (percent) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      void setProgress(id, { stage: "processing", percent });
    }, signal);
    const { size } = await fsp.stat(output);
    const outputKey = `${fileFolder(id)}/output.${shape.ext}`;
    await storage().putFile(outputKey, output, shape.mime);
    const done = await prisma.processedMediaFile.updateMany({
      where: { id, status: "processing" },
      data: { status: "completed", storageKey: outputKey, outputType: shape.mime, processedSize: BigInt(size), audioFormat: shape.ext, completedAt: new Date(), sourceKey: null },
    });
    if (done.count === 0) {
      await storage().removeFolder(fileFolder(id));
      return { id, skipped: "deleted" };
    }
    // The source is not needed once the output exists (states and transitions: files are deleted after processing).
    await storage().remove(row.sourceKey).catch((e: unknown) => logger.warn("media tools source not removed; the sweeper will", { id, error: String(e) }));
    await setProgress(id, { stage: "completed", percent: 100 });
    return { id, bytes: size, ms: Date.now() - started };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The final failure: the row says so (the browser shows "processing failed") and the source goes. */
export async function markToolFileFailed(id: string, error: unknown): Promise<void> {
  logger.warn("media tools conversion failed", { id, error: error instanceof Error ? error.message.slice(-300) : String(error) });
  const row = await prisma.processedMediaFile.findUnique({ where: { id }, select: { sourceKey: true } });
  const failed = await prisma.processedMediaFile.updateMany({ where: { id, status: { in: ["queued", "processing"] } }, data: { status: "failed", errorCode: "processing_failed", sourceKey: null } });
  if (failed.count > 0 && row?.sourceKey) await storage().removeFolder(fileFolder(id)).catch(() => undefined);
  await clearProgress(id).catch(() => undefined);
}
