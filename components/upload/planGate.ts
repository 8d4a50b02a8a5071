"use client";
// The free plan's upload limits checked before any byte is sent (docs/billing.md "Very large
// files and batch"): the dialog shows the plan's limits before files are chosen, and an upload
// the plan refuses is not offered; the reason is shown with the way to upgrade. The rule is
// lib/billing/upload-limits.ts; the server checks again (lib/billing/upload-plan.ts).
import { openUpgrade } from "@/components/account/events";
import { planRefusal, type PlanRefusal } from "@/lib/billing/upload-limits";
import type { Usage } from "@/lib/tasks/task.client";

/** The upload dialog's server refusals open their dialog the same way (components/account/events.ts). */
export { openDialogForRefusal } from "@/components/account/events";

/** Why the caller's plan refuses these files (null until the plan is known, or when it allows them). */
export function refusalFor(usage: Usage | null, files: { name: string; size: number }[], merge: boolean): PlanRefusal | null {
  if (!usage) return null;
  return planRefusal(usage.plan, files, { batch: !merge });
}

/** Closes the asking dialog and opens the upgrade-to-Pro dialog with the refusal's reason. */
export function upgradeFor(reason: string, closeCurrent: () => void): void {
  closeCurrent();
  openUpgrade(reason);
}
