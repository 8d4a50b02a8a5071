"use client";
// The free plan's upload limits checked before any byte is sent (docs/billing.md "Very large
// files and batch"): a batch or a file over 100 MB opens the upgrade-to-Pro dialog at once,
// with the message the server would give. The server checks again (lib/billing/upload-plan.ts).
import { openUpgrade } from "@/components/account/events";
import { FREE_FILES_PER_UPLOAD, FREE_MAX_FILE_BYTES, hasProFeatures } from "@/lib/billing/plans";
import type { Usage } from "@/lib/client/tasks";

/** The upload dialog's server refusals open their dialog the same way (components/account/events.ts). */
export { openDialogForRefusal } from "@/components/account/events";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** True when the plan refuses these files: the dialog asking has been closed and the upgrade dialog opened. */
export function upgradeNeeded(usage: Usage | null, files: File[], merge: boolean, terr: Translate, closeCurrent: () => void): boolean {
  if (!usage || hasProFeatures(usage.plan)) return false;
  const large = files.find((f) => f.size > FREE_MAX_FILE_BYTES);
  const reason =
    !merge && files.length > FREE_FILES_PER_UPLOAD
      ? terr("upload.batchNeedsPro", { max: FREE_FILES_PER_UPLOAD })
      : large
        ? terr("upload.largeFileNeedsPro", { file: large.name, max: FREE_MAX_FILE_BYTES / 1024 / 1024 })
        : null;
  if (!reason) return false;
  closeCurrent();
  openUpgrade(reason);
  return true;
}
