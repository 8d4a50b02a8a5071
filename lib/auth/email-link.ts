import "server-only";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { sendMail } from "@/lib/server/mail";
import { addressKey, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { prisma } from "@/lib/server/prisma";
import type { Translate } from "@/lib/i18n/server";
import type { Edition } from "@/lib/edition/edition";
import { openSession } from "./session";
import { randomToken, sha256 } from "./tokens";
import { findOrCreateUserByEmail } from "./users";
import { safeReturnUrl } from "@/lib/server/return-url";

export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/** Emails a one-time login link, valid 15 minutes, that lands on the callback page. */
export async function sendLoginLink(
  input: { email: string; returnUrl?: string; referralCode?: string; origin: "transcribe" | "tools"; edition?: Edition },
  t: Translate,
): Promise<{ expiresAt: Date }> {
  // Guards an inbox against floods: LOGIN_LINKS_PER_ADDRESS per validity window, counted atomically on Redis.
  await consumeLimit("loginLinksPerAddress", addressKey(input.email));

  const token = randomToken();
  const expiresAt = new Date(Date.now() + LOGIN_LINK_TTL_MS);
  await prisma.loginLink.create({
    data: { email: input.email, tokenHash: sha256(token), expiresAt, returnUrl: safeReturnUrl(input.returnUrl), referral: input.referralCode ?? null },
  });
  const url = new URL(`/${input.origin}/callback`, editionSiteUrl(input.edition ?? env().EDITION));
  url.searchParams.set("token", token);
  try {
    await sendMail({
      to: input.email,
      subject: t("auth.mail.subject"),
      text: `${t("auth.mail.body", { minutes: 15 })}\n\n${url.toString()}\n`,
      html: `<p>${t("auth.mail.body", { minutes: 15 })}</p><p><a href="${url.toString()}">${t("auth.mail.button")}</a></p>`,
    });
  } catch {
    throw new AppError("auth.sendLinkFailed");
  }
  return { expiresAt };
}

/**
 * Where a login link sends the browser: the link is redeemed on that host, and the host decides the
 * edition a new account belongs to, so a link asked for on the other edition's host goes back there
 * (CHINA_SITE_URL / INTERNATIONAL_SITE_URL). Never the request's own Host header: a forged one would
 * put an attacker's address in someone's login mail.
 */
function editionSiteUrl(edition: Edition): string {
  if (edition === env().EDITION) return env().APP_URL;
  const url = edition === "china" ? env().CHINA_SITE_URL : env().INTERNATIONAL_SITE_URL;
  return url && /^https?:\/\//i.test(url) ? url : env().APP_URL;
}

/**
 * Exchanges a login-link token for a device session. The link is claimed with
 * a conditional update, so two tabs opening it at once cannot both sign in.
 */
export async function redeemLoginLink(
  input: { token: string; deviceId: string; referralCode?: string },
  ctx: { locale: string; edition: Edition },
) {
  const link = await prisma.loginLink.findUnique({ where: { tokenHash: sha256(input.token) } });
  if (!link) throw new AppError("auth.linkInvalid");
  if (link.usedAt) throw new AppError("auth.linkUsed");
  if (link.expiresAt < new Date()) throw new AppError("auth.linkExpired");
  const claimed = await prisma.loginLink.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: new Date() } });
  if (claimed.count !== 1) throw new AppError("auth.linkUsed");

  // The code sent at verify (the browser's auth:referralCode) or the one sent with the link.
  const user = await findOrCreateUserByEmail(link.email, { ...ctx, referralCode: input.referralCode || link.referral, deviceId: input.deviceId });
  const session = await openSession(user.id, input.deviceId);
  return { ...session, user, returnUrl: link.returnUrl };
}
