import "server-only";
import { AppError } from "@/lib/server/errors";
import { randomToken } from "@/lib/auth/tokens";
import { hasProFeatures } from "@/lib/billing/plans";
import { enqueue } from "@/lib/jobs/contract";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { Prisma, prisma } from "@/lib/server/prisma";
import { deliveryJson, deliverySelect, findOwnedEndpoint } from "./endpoints.service";
import { TEST_EVENT, type WebhookEventType, type WebhookPayload } from "./webhooks.schema";

// Events into deliveries: one WebhookDelivery row per subscribed endpoint (the delivery log), each
// sent by its own "webhook.deliver" job (lib/webhooks/deliver.ts runs it; retries with backoff).

async function queueDelivery(endpointId: string, type: string, data: unknown, messageId = `msg_${randomToken(18)}`) {
  const payload = { type, timestamp: new Date().toISOString(), data } as Prisma.InputJsonValue;
  const row = await prisma.webhookDelivery.create({ data: { endpointId, messageId, eventType: type, payload }, select: deliverySelect });
  await enqueue("webhook.deliver", { deliveryId: row.id }, { jobKey: row.id, options: deliveryJobOptions() });
  return row;
}

/** About a day of tries: WEBHOOK_ATTEMPTS tries, the waits doubling from WEBHOOK_RETRY_BASE_MS (20 s × 2^0..11 ≈ 23 h). */
export function deliveryJobOptions() {
  return { attempts: env().WEBHOOK_ATTEMPTS, backoff: { type: "exponential" as const, delay: env().WEBHOOK_RETRY_BASE_MS, jitter: 0.2 } };
}

/**
 * Tells the user's webhook endpoints that something happened: every switched-on endpoint that chose
 * `type` gets one delivery. Callers (the transcription pipeline, the analyzer, translation, live
 * recording) call it once per event, after the change is saved. It never throws: a lost event is
 * logged, and the work that caused it stands.
 */
export async function emitEvent<E extends WebhookEventType>(userId: string, type: E, data: WebhookPayload<E>): Promise<void> {
  try {
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { planCode: true } });
    if (!user || !hasProFeatures(user.planCode)) return;
    const endpoints = await prisma.webhookEndpoint.findMany({ where: { userId, enabled: true, events: { has: type } }, select: { id: true } });
    for (const e of endpoints) await queueDelivery(e.id, type, data);
  } catch (e) {
    logger.error("webhook event not recorded", { userId, type, error: e instanceof Error ? e.message : String(e) });
  }
}

/** "Send test event": a webhook.test delivery to one endpoint, whatever events it chose. */
export async function sendTestEvent(userId: string, endpointId: string) {
  await findOwnedEndpoint(userId, endpointId);
  const row = await queueDelivery(endpointId, TEST_EVENT, { endpoint_id: endpointId, message: "This is a test event." });
  return deliveryJson(row);
}

/** "Send again": the logged event once more, as a new delivery with the same webhook-id (receivers may drop it as a repeat). */
export async function resendDelivery(userId: string, endpointId: string, deliveryId: string) {
  await findOwnedEndpoint(userId, endpointId);
  const old = await prisma.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, select: { eventType: true, payload: true, messageId: true } });
  if (!old) throw new AppError("webhooks.deliveryNotFound");
  const data = (old.payload as { data?: unknown }).data ?? null;
  return deliveryJson(await queueDelivery(endpointId, old.eventType, data, old.messageId));
}

/** Links a receiver can follow to fetch what an event is about. */
export function apiUrl(path: string): string {
  return `${env().APP_URL.replace(/\/$/, "")}${path}`;
}
