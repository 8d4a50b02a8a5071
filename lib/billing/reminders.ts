import "server-only";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { sendMail } from "@/lib/server/mail";
import { prisma } from "@/lib/server/prisma";
import { translatorFor } from "@/lib/i18n/server";

// Renewal reminder mail (docs/billing.md "Renewal reminders"): a few days before a
// card subscription renews itself, its owner gets one mail. Sent by the worker's
// task sweep. Once per period: the row is claimed (reminderSentFor = expiresAt)
// before the mail goes out, so concurrent sweeps send it once; a renewal moves
// expiresAt on, which arms the next period's reminder.

export const RENEWAL_REMINDER_DAYS = 3;

export async function sendRenewalReminders(now = new Date()): Promise<number> {
  const due = await prisma.subscription.findMany({
    where: {
      status: "active",
      cancelAtPeriodEnd: false,
      paymentMethod: "card",
      expiresAt: { gt: now, lte: new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 86_400_000) },
    },
    select: { id: true, expiresAt: true, reminderSentFor: true, planCode: true, user: { select: { email: true, uiLanguage: true } } },
    take: 500,
  });
  let sent = 0;
  for (const sub of due) {
    if (sub.reminderSentFor?.getTime() === sub.expiresAt.getTime() || !sub.user.email) continue;
    const claimed = await prisma.subscription.updateMany({
      where: { id: sub.id, expiresAt: sub.expiresAt, OR: [{ reminderSentFor: null }, { reminderSentFor: { not: sub.expiresAt } }] },
      data: { reminderSentFor: sub.expiresAt },
    });
    if (claimed.count !== 1) continue;
    const { locale, t } = await translatorFor(sub.user.uiLanguage);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(sub.expiresAt);
    const url = new URL("/transcribe/payment/plans", env().APP_URL).toString();
    const body = t("subscription.mail.body", { plan: t(`payments.plans.names.${sub.planCode}`), date });
    try {
      await sendMail({ to: sub.user.email, subject: t("subscription.mail.subject"), text: `${body}\n\n${url}\n`, html: `<p>${body}</p><p><a href="${url}">${t("subscription.mail.manage")}</a></p>` });
      sent++;
    } catch (error) {
      // Give the period back so the next sweep tries again.
      await prisma.subscription.updateMany({ where: { id: sub.id, reminderSentFor: sub.expiresAt }, data: { reminderSentFor: null } });
      logger.warn("renewal reminder mail failed; the next sweep retries", { subscriptionId: sub.id, err: error instanceof Error ? error.message : String(error) });
    }
  }
  return sent;
}
