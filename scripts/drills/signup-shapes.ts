// The hostile-input drill's sign-up family: addresses in the shapes people write them, and the
// shapes a farmer of referral minutes would try (plus-addresses, Gmail's dots, googlemail.com,
// case, empty tags, quoting, non-ASCII look-alikes, injection), each signed up for real (login
// link, then verify) with one referrer's code. Judged: no 500; a refusal is a catalogue message in
// the caller's language; and the referrer earns one credit per distinct new mailbox, none for its
// own, none from its own device. Which mailbox an address reaches is written out by hand in the
// table below from the providers' rules (Gmail ignores dots and "+tag" and treats googlemail.com
// as gmail.com; other providers deliver "+tag" to the address without it), not computed by the app.
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { prisma } from "@/lib/server/prisma";
import { solvedHumanToken } from "@/tests/helpers/human";
import { latestLinkToken } from "@/tests/helpers/users";
import { rawCall } from "./call";
import { judgeMessage } from "./hostile-runner";

export interface SignUpShape {
  name: string;
  email: string;
  /** The mailbox it reaches (lower case); null: not an address anyone can sign up with, so refusing it is right. */
  mailbox: string | null;
  /** Signs in from the referrer's own device. */
  referrersDevice?: boolean;
}

/** The referrer signs up as `referrerEmail` (a Gmail address); `stem` keeps this run's addresses apart. */
export function signUpShapes(stem: string): { referrerEmail: string; referrerMailbox: string; shapes: SignUpShape[] } {
  const ref = `drill.ref.${stem}`;
  const refBox = `drillref${stem}@gmail.com`;
  const friend = `friend${stem}`;
  const pal = `pal${stem}`;
  const shapes: SignUpShape[] = [
    // The referrer's own mailbox, written otherwise: no credit.
    { name: "own: plus tag", email: `${ref}+1@gmail.com`, mailbox: refBox },
    { name: "own: dots moved", email: `d.r.i.l.l.r.e.f.${stem}@gmail.com`, mailbox: refBox },
    { name: "own: no dots, googlemail", email: `drillref${stem}@googlemail.com`, mailbox: refBox },
    { name: "own: upper case, tag, googlemail", email: `DRILL.REF.${stem.toUpperCase()}+Promo@GoogleMail.com`, mailbox: refBox },
    { name: "own: two tags", email: `${ref}+a+b@gmail.com`, mailbox: refBox },
    // Another person's mailbox: one credit, however often it comes back.
    { name: "friend", email: `${friend}@example.com`, mailbox: `${friend}@example.com` },
    { name: "friend: plus tag", email: `${friend}+a@example.com`, mailbox: `${friend}@example.com` },
    { name: "friend: upper case and tag", email: `${friend.toUpperCase()}+B@Example.COM`, mailbox: `${friend}@example.com` },
    { name: "friend: empty tag", email: `${friend}+@example.com`, mailbox: `${friend}@example.com` },
    { name: "friend: blanks around", email: `  ${friend}+c@example.com  `, mailbox: `${friend}@example.com` },
    // Dots count outside Gmail: a second mailbox.
    { name: "friend's dotted twin (not Gmail)", email: `f.riend${stem}@example.com`, mailbox: `f.riend${stem}@example.com` },
    // A Gmail pal in three spellings: one credit.
    { name: "pal on Gmail", email: `p.a.l.${stem}@gmail.com`, mailbox: `pal${stem}@gmail.com` },
    { name: "pal on googlemail", email: `${pal}@googlemail.com`, mailbox: `pal${stem}@gmail.com` },
    { name: "pal with tag", email: `${pal}+x@gmail.com`, mailbox: `pal${stem}@gmail.com` },
    // Nothing before the tag: one mailbox per domain at most.
    { name: "tag only", email: `+${stem}a@example.org`, mailbox: "@example.org" },
    { name: "another tag only", email: `+${stem}b@example.org`, mailbox: "@example.org" },
    // A new mailbox, but from the referrer's own browser: no credit.
    { name: "new mailbox on the referrer's device", email: `device${stem}@example.net`, mailbox: `device${stem}@example.net`, referrersDevice: true },
    // Not addresses one can sign up with: refused with a catalogue message (or, if taken, each its own mailbox).
    { name: "quoted local part", email: `"${friend}+q"@example.com`, mailbox: null },
    { name: "Cyrillic look-alike", email: `frіend${stem}@example.com`, mailbox: null },
    { name: "non-ASCII local part", email: `jürgen${stem}@example.com`, mailbox: null },
    { name: "two @", email: `${friend}@evil.example@example.com`, mailbox: null },
    { name: "angle brackets", email: `Friend <${friend}@example.com>`, mailbox: null },
    { name: "CRLF header injection", email: `${friend}@example.com\r\nBcc: all@example.com`, mailbox: null },
    { name: "NUL", email: `${friend}\u0000@example.com`, mailbox: null },
    { name: "tag past 254 characters", email: `${friend}+${"x".repeat(260)}@example.com`, mailbox: null },
    { name: "trailing dot in domain", email: `${friend}@example.com.`, mailbox: null },
  ];
  return { referrerEmail: `${ref}@gmail.com`, referrerMailbox: refBox, shapes };
}

export interface SignUpResult {
  name: string;
  locale: string;
  status: number;
  errorKey: string | null;
  accepted: boolean;
  problem: string | null;
}

const LOCALES = ["en", "de", "zh"] as const;
const device = (n: number) => `web_shape${String(n).padStart(3, "0")}`;

/** Signs `shape` up with the referral code; a send or verify refusal is judged like any hostile input. */
export async function runSignUpShape(shape: SignUpShape, index: number, code: string, referrerDevice: string): Promise<SignUpResult> {
  const locale = LOCALES[index % LOCALES.length]!;
  const verdict = (status: number, errorKey: string | null, accepted: boolean, problem: string | null) => ({ name: shape.name, locale, status, errorKey, accepted, problem });
  const sent = await rawCall(sendLink, { method: "POST", locale, json: { email: shape.email, origin: "transcribe", turnstile_token: await solvedHumanToken() } });
  if (sent.status >= 500 || sent.threw || sent.hung) return verdict(sent.status, sent.errorKey, false, `send: server error ${sent.status} ${sent.threw ?? ""}`);
  if (sent.status !== 200) return verdict(sent.status, sent.errorKey, false, judgeMessage(sent, locale));
  const stored = shape.email.trim().toLowerCase();
  const verified = await rawCall(verifyLink, { method: "POST", locale, json: { access_token: latestLinkToken(stored), device_id: shape.referrersDevice ? referrerDevice : device(index), referral_code: code } });
  if (verified.status >= 500 || verified.threw || verified.hung) return verdict(verified.status, verified.errorKey, false, `verify: server error ${verified.status} ${verified.threw ?? ""}`);
  if (verified.status !== 200) return verdict(verified.status, verified.errorKey, false, judgeMessage(verified, locale));
  return verdict(200, null, true, null);
}

/**
 * What the referrer must have earned: one credit per distinct mailbox among the accepted sign-ups,
 * other than its own and those from its device (up to the daily number), and a recorded reason
 * for every other sign-up through the code.
 */
export async function judgeReferralCredits(referrerId: string, referrerMailbox: string, shapes: SignUpShape[], results: SignUpResult[], perDay: number): Promise<string | null> {
  const boxes = new Set<string>();
  for (const [i, r] of results.entries()) {
    const s = shapes[i]!;
    if (!r.accepted || s.referrersDevice) continue;
    // An address accepted though the table calls it no address is its own mailbox (it credits once).
    const box = s.mailbox ?? s.email.trim().toLowerCase();
    if (box !== referrerMailbox) boxes.add(box);
  }
  const rows = await prisma.referral.findMany({ where: { referrerId }, select: { refusedReason: true, bonusMinutes: true } });
  const credited = rows.filter((r) => r.refusedReason === null);
  const expected = Math.min(boxes.size, perDay);
  if (credited.length !== expected) return `referrer credited ${credited.length} times for ${boxes.size} distinct new mailboxes (expected ${expected})`;
  if (rows.some((r) => r.refusedReason !== null && r.bonusMinutes !== 0)) return "a refused referral carries minutes";
  const newAccounts = results.filter((r) => r.accepted).length;
  if (rows.length !== newAccounts) return `${newAccounts} new accounts through the code but ${rows.length} referral rows (each must be credited or say why not)`;
  return null;
}
