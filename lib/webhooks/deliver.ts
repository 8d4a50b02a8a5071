import "server-only";
import { Webhook } from "standardwebhooks";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { sendMail } from "@/lib/server/mail";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";
import { postWebhook } from "./egress";
import { pushToUser } from "@/lib/push/push.service";

/** Deliveries in a row that used up every try before an endpoint is switched off (and its owner told). */
export const FAILED_DELIVERIES_BEFORE_OFF = 3;
const ERROR_MAX_CHARS = 300;

export type DeliveryOutcome = "delivered" | "retry" | "failed" | "skipped";

/**
 * One try of one delivery (the "webhook.deliver" job): signed per Standard Webhooks (webhook-id stays
 * the same on every try, webhook-timestamp is the try's own), sent through the egress check, logged.
 * "retry": the job throws and BullMQ tries again after its backoff; on the last try a failure is final,
 * and FAILED_DELIVERIES_BEFORE_OFF final failures in a row switch the endpoint off.
 */
export async function attemptDelivery(deliveryId: string, opts: { final: boolean }): Promise<DeliveryOutcome> {
  const d = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { id: true, status: true, messageId: true, payload: true, endpoint: { select: { id: true, url: true, secret: true, enabled: true } } },
  });
  if (!d || d.status !== "pending") return "skipped";
  const now = new Date();
  if (!d.endpoint.enabled) {
    await prisma.webhookDelivery.update({ where: { id: d.id }, data: { status: "failed", error: "endpoint switched off", lastAttemptAt: now } });
    return "skipped";
  }
  const body = JSON.stringify(d.payload);
  const signature = new Webhook(d.endpoint.secret).sign(d.messageId, now, body);
  const headers = { "webhook-id": d.messageId, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature };
  const result = await postWebhook(d.endpoint.url, body, headers);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const error = ok ? null : (result.error ?? `HTTP ${result.status}`).slice(0, ERROR_MAX_CHARS);
  // A refused address (private, loopback, link-local: at send, perhaps after a DNS change) is never retried.
  const final = ok || opts.final || result.refused;
  const status = ok ? "delivered" : final ? "failed" : "pending";
  await prisma.webhookDelivery.update({
    where: { id: d.id },
    data: { status, attempts: { increment: 1 }, responseStatus: result.status, responseMs: result.ms, error, lastAttemptAt: now },
  });
  if (ok) {
    await prisma.webhookEndpoint.update({ where: { id: d.endpoint.id }, data: { failedInRow: 0 } });
    return "delivered";
  }
  if (!final) return "retry";
  await countFinalFailure(d.endpoint.id);
  return "failed";
}

async function countFinalFailure(endpointId: string) {
  const row = await prisma.webhookEndpoint.update({ where: { id: endpointId }, data: { failedInRow: { increment: 1 } }, select: { failedInRow: true, enabled: true } });
  if (!row.enabled || row.failedInRow < FAILED_DELIVERIES_BEFORE_OFF) return;
  // Conditional: of two failures finishing together, one switches it off and tells the owner.
  const off = await prisma.webhookEndpoint.updateMany({ where: { id: endpointId, enabled: true }, data: { enabled: false, disabledAt: new Date() } });
  if (off.count === 1) await tellOwner(endpointId);
}

/** By mail where the account has an address, and on every device that takes push notifications (a phone-only
 * account has no address; docs/api.md "Webhooks"). Either is a courtesy: a failure is logged, never thrown. */
async function tellOwner(endpointId: string) {
  const e = await prisma.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { url: true, userId: true, user: { select: { email: true, uiLanguage: true } } } });
  logger.warn("webhook endpoint switched off after failing again and again", { endpointId });
  if (!e) return;
  const { t } = await translatorFor(e.user.uiLanguage);
  const pushed = pushToUser(e.userId, { event: "webhook.disabled", title: t("webhooks.mail.subject"), body: t("webhooks.mail.push", { url: e.url }), url: "/transcribe", tag: `webhook-off-${endpointId}` })
    .catch((err: unknown) => logger.error("could not push about a switched-off webhook endpoint", { endpointId, error: String(err) }));
  const mailed = !e.user.email
    ? Promise.resolve()
    : sendMail({
        to: e.user.email,
        subject: t("webhooks.mail.subject"),
        text: t("webhooks.mail.body", { url: e.url, count: FAILED_DELIVERIES_BEFORE_OFF, link: `${env().APP_URL.replace(/\/$/, "")}/transcribe` }),
      }).catch((err: unknown) => logger.error("could not mail about a switched-off webhook endpoint", { endpointId, error: String(err) }));
  await Promise.all([pushed, mailed]);
}

/** Delivery log rows are kept this long. */
const LOG_KEEP_MS = 30 * 24 * 3600 * 1000;

/** The sweep's part: delivery log rows older than a month go (pending ones stay until their job ends). */
export async function purgeDeliveryLog(): Promise<number> {
  return (await prisma.webhookDelivery.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - LOG_KEEP_MS) }, status: { not: "pending" } } })).count;
}
