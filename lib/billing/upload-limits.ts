// The upload limits of a plan, as one rule for the server's check (lib/billing/upload-plan.ts)
// and the upload dialog, which shows them before files are chosen and never offers an upload
// the plan refuses. Plain data and functions: the browser may import it.
import { AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_MAX_BYTES } from "@/lib/media/limits";
import { FREE_FILES_PER_UPLOAD, FREE_MAX_FILE_BYTES, hasProFeatures } from "./plans";

export interface UploadLimits {
  /** Whether the plan has the Pro features (batch, very large files). */
  pro: boolean;
  /** Separate tasks in one upload. */
  filesPerUpload: number;
  /** Files merged into one task: a merge is one task, so every plan may merge up to the general maximum. */
  mergeFiles: number;
  audioMaxBytes: number;
  videoMaxBytes: number;
}

export function uploadLimitsFor(planCode: string): UploadLimits {
  if (hasProFeatures(planCode)) return { pro: true, filesPerUpload: MAX_FILES_PER_UPLOAD, mergeFiles: MAX_FILES_PER_UPLOAD, audioMaxBytes: AUDIO_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES };
  return {
    pro: false,
    filesPerUpload: FREE_FILES_PER_UPLOAD,
    mergeFiles: MAX_FILES_PER_UPLOAD,
    audioMaxBytes: Math.min(AUDIO_MAX_BYTES, FREE_MAX_FILE_BYTES),
    videoMaxBytes: Math.min(VIDEO_MAX_BYTES, FREE_MAX_FILE_BYTES),
  };
}

/** An error catalogue key (under errors.) with its parameters: why the plan refuses an upload. */
export type PlanRefusal = { key: "upload.batchNeedsPro"; params: { max: number } } | { key: "upload.largeFileNeedsPro"; params: { file: string; max: number } };

/**
 * Why the plan refuses these files, or null. `batch`: each file becomes its own task (not a merge).
 * Without the Pro features: one file per upload, each at most FREE_MAX_FILE_BYTES.
 */
export function planRefusal(planCode: string, files: { name: string; size: number }[], opts: { batch: boolean }): PlanRefusal | null {
  if (hasProFeatures(planCode)) return null;
  if (opts.batch && files.length > FREE_FILES_PER_UPLOAD) return { key: "upload.batchNeedsPro", params: { max: FREE_FILES_PER_UPLOAD } };
  const large = files.find((f) => f.size > FREE_MAX_FILE_BYTES);
  if (large) return { key: "upload.largeFileNeedsPro", params: { file: large.name, max: FREE_MAX_FILE_BYTES / 1024 / 1024 } };
  return null;
}
