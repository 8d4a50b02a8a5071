// The address a referral is compared by (docs/billing.md "Referral"): one mailbox, however it is
// written. Lower case; the local part's "+tag" dropped (most providers deliver a+x@ to a@);
// on Gmail's domains the dots of the local part too (a.b@gmail.com is ab@gmail.com), and
// googlemail.com is gmail.com. Plain data: no server imports.

/** Domains whose mailboxes ignore dots in the local part. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** The mailbox an address reaches, for comparing sign-ups ("+a@x" and "+b@x" are one); null when it is not an address. */
export function referralEmailKey(raw: string | null | undefined): string | null {
  const email = (raw ?? "").trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return null;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus >= 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, "");
  }
  // "+tag@example.com" has no mailbox name before its tag: all such addresses of a domain count as one.
  return domain ? `${local}@${domain}` : null;
}
