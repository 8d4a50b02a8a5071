"use client";
// One way for any screen to open the account panel (optionally at a section) or the
// out-of-credits dialog: the host (AccountDialogs, in the header) listens.
export type AccountSection = "profile" | "referral" | "mcp";
export type AccountRequest = { dialog: "account"; section?: AccountSection } | { dialog: "credits" };

const EVENT = "tingji:account-dialog";

export function openAccount(section?: AccountSection): void {
  window.dispatchEvent(new CustomEvent<AccountRequest>(EVENT, { detail: { dialog: "account", section } }));
}

export function openOutOfCredits(): void {
  window.dispatchEvent(new CustomEvent<AccountRequest>(EVENT, { detail: { dialog: "credits" } }));
}

export function onAccountRequest(handle: (req: AccountRequest) => void): () => void {
  const listener = (e: Event) => handle((e as CustomEvent<AccountRequest>).detail);
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
