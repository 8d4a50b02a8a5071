import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/server/prisma";
import { FREE_FILES_PER_UPLOAD, FREE_MAX_FILE_BYTES, hasProFeatures } from "./plans";

// "Very large files" and "batch" are Pro features (spec §6), decided by the one plan check
// (hasProFeatures). Without them: one file per upload, each at most FREE_MAX_FILE_BYTES.
// The refusals open the upgrade-to-Pro dialog in the browser (components/account/events.ts).

/** Throws upload.batchNeedsPro / upload.largeFileNeedsPro when the caller's plan does not allow these files. */
export async function assertUploadAllowed(userId: string, files: { name: string; size: number }[], opts: { batch: boolean }): Promise<void> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (hasProFeatures(user.planCode)) return;
  if (opts.batch && files.length > FREE_FILES_PER_UPLOAD) throw new AppError("upload.batchNeedsPro", { max: FREE_FILES_PER_UPLOAD });
  const large = files.find((f) => f.size > FREE_MAX_FILE_BYTES);
  if (large) throw new AppError("upload.largeFileNeedsPro", { file: large.name, max: FREE_MAX_FILE_BYTES / 1024 / 1024 });
}
