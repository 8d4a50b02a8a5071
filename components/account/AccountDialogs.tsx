"use client";
// Hosts the account panel, the out-of-credits dialog and the upgrade-to-Pro dialog for the
// screen it is on, opened through components/account/events.ts (header button, upload
// refused for usage or for a Pro-only batch or file size...).
import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import type { ImportMenuHandlers } from "@/components/upload/AddOptionsMenu";
import type { Usage } from "@/lib/client/tasks";
import { CreditsDialog } from "./CreditsDialog";
import { UpgradeProDialog } from "./UpgradePro";
import { onAccountRequest, openOutOfCredits, type AccountRequest } from "./events";

const AccountDialog = dynamic(() => import("./AccountDialog").then((m) => m.AccountDialog), { ssr: false });

export function AccountDialogs({ usage }: { usage: Usage | null }) {
  const [open, setOpen] = useState<AccountRequest | null>(null);
  useEffect(() => onAccountRequest(setOpen), []);
  if (open?.dialog === "account") return <AccountDialog section={open.section} usage={usage} onClose={() => setOpen(null)} />;
  if (open?.dialog === "credits") return <CreditsDialog usage={usage} onClose={() => setOpen(null)} onInvite={() => setOpen({ dialog: "account", section: "referral" })} />;
  if (open?.dialog === "upgrade") return <UpgradeProDialog details={open.reason} onClose={() => setOpen(null)} testId="upload-pro-required" />;
  return null;
}

/** Whether an upload or import would be refused for usage (the server checks again). */
export function outOfCredits(usage: Usage | null): boolean {
  return usage !== null && usage.remainingMinutes <= 0;
}

/** `start`, unless the minutes are used up: then the out-of-credits dialog opens instead. */
export function whenCredits<A extends unknown[]>(usage: Usage | null, start: (...args: A) => void): (...args: A) => void {
  return (...args) => (outOfCredits(usage) ? openOutOfCredits() : start(...args));
}

/** The import menu's entries, each behind whenCredits. */
export function guardImports(usage: Usage | null, h: ImportMenuHandlers): ImportMenuHandlers {
  const g = (f?: () => void) => (f ? whenCredits(usage, f) : undefined);
  return { onRecord: g(h.onRecord), onImportLink: g(h.onImportLink), onImportDocument: g(h.onImportDocument), onJoinMeeting: g(h.onJoinMeeting) };
}
