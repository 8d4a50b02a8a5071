"use client";
// One way for any screen to open the account panel (optionally at a section), the
// out-of-credits dialog or the upgrade-to-Pro dialog: the host (AccountDialogs, in the
// header) listens. A server refusal for used-up minutes or a Pro-only upload opens its
// dialog through openDialogForRefusal instead of showing as an error line.
import { ApiError } from "@/lib/client/api";

export type AccountSection = "profile" | "referral" | "mcp";
export type AccountRequest = { dialog: "account"; section?: AccountSection } | { dialog: "credits" } | { dialog: "upgrade"; reason: string };

const EVENT = "tingji:account-dialog";

function request(detail: AccountRequest): void {
  window.dispatchEvent(new CustomEvent<AccountRequest>(EVENT, { detail }));
}

export function openAccount(section?: AccountSection): void {
  request({ dialog: "account", section });
}

export function openOutOfCredits(): void {
  request({ dialog: "credits" });
}

/** The upgrade-to-Pro dialog, saying why (the refusal's own message). */
export function openUpgrade(reason: string): void {
  request({ dialog: "upgrade", reason });
}

/** Catalogue keys (errors.*) that mean "the minutes are used up" and "this needs Pro". */
const USAGE_REFUSALS = new Set(["upload.usageLimit"]);
const PRO_REFUSALS = new Set(["upload.batchNeedsPro", "upload.largeFileNeedsPro"]);

/** Opens the out-of-credits or upgrade dialog for such a refusal (after `closeCurrent`, the dialog that asked); false for any other error. */
export function openDialogForRefusal(error: unknown, closeCurrent?: () => void): boolean {
  if (!(error instanceof ApiError) || !error.key) return false;
  const usage = USAGE_REFUSALS.has(error.key);
  if (!usage && !PRO_REFUSALS.has(error.key)) return false;
  closeCurrent?.();
  if (usage) openOutOfCredits();
  else openUpgrade(error.message);
  return true;
}

export function onAccountRequest(handle: (req: AccountRequest) => void): () => void {
  const listener = (e: Event) => handle((e as CustomEvent<AccountRequest>).detail);
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
