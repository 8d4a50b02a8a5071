import "server-only";
import type { Prisma } from "@/lib/server/prisma";
import type { ProcessedFileView } from "./rules";

export const fileSelect = {
  id: true,
  tool: true,
  status: true,
  mode: true,
  originalName: true,
  originalSize: true,
  originalFormat: true,
  originalBitrate: true,
  audioCodec: true,
  processedSize: true,
  audioFormat: true,
  duration: true,
  qualityLevel: true,
  createdAt: true,
  completedAt: true,
  downloadExpiresAt: true,
  errorCode: true,
} satisfies Prisma.ProcessedMediaFileSelect;

type Row = Prisma.ProcessedMediaFileGetPayload<{ select: typeof fileSelect }>;

/** The browser's view of a file; past its expiry it is "expired" even before the sweeper ran. */
export function toFileView(r: Row, progress: number | null): ProcessedFileView {
  const expired = r.status === "expired" || r.downloadExpiresAt.getTime() <= Date.now();
  return {
    id: r.id,
    tool: r.tool as ProcessedFileView["tool"],
    status: expired ? "expired" : (r.status as ProcessedFileView["status"]),
    mode: (r.mode as ProcessedFileView["mode"]) ?? null,
    originalName: r.originalName,
    originalSize: Number(r.originalSize),
    originalFormat: r.originalFormat,
    sourceKbps: r.originalBitrate,
    audioCodec: r.audioCodec,
    processedSize: r.processedSize === null ? null : Number(r.processedSize),
    audioFormat: r.audioFormat,
    duration: r.duration,
    qualityLevel: r.qualityLevel,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    downloadExpiresAt: r.downloadExpiresAt.toISOString(),
    errorCode: r.errorCode,
    progress,
  };
}
