import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";
import { planRefusal } from "./upload-limits";

// "Very large files" and "batch" are Pro features (roles and permissions), decided by the one plan check
// (hasProFeatures, through lib/billing/upload-limits.ts, which the upload dialog shares).
// Without them: one file per upload, each at most FREE_MAX_FILE_BYTES.
// The refusals open the upgrade-to-Pro dialog in the browser (components/account/events.ts).

/** Throws upload.batchNeedsPro / upload.largeFileNeedsPro when the caller's plan does not allow these files. */
export async function assertUploadAllowed(userId: string, files: { name: string; size: number }[], opts: { batch: boolean }): Promise<void> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  const refusal = planRefusal(user.planCode, files, opts);
  if (refusal) throw new AppError(refusal.key, refusal.params);
}
