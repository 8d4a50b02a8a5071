import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { hasProFeatures } from "@/lib/billing/plans";
import { prisma } from "@/lib/server/prisma";
import { assertWebhookUrl } from "./egress";
import { MAX_WEBHOOK_ENDPOINTS, webhookEvents, type WebhookDeliveryJson, type WebhookEndpointJson, type WebhookEventType } from "./webhooks.schema";

// A user's webhook endpoints (Pro only, through the one plan check). The signing secret is shown once,
// at creation, in the Standard Webhooks form "whsec_" + base64 of 32 random bytes. It is kept as is:
// signing needs it (it authenticates our messages to the receiver; it grants nothing here).

const endpointSelect = { id: true, url: true, events: true, enabled: true, disabledAt: true, createdAt: true } as const;
type EndpointRow = { id: string; url: string; events: string[]; enabled: boolean; disabledAt: Date | null; createdAt: Date };

export function endpointJson(e: EndpointRow): WebhookEndpointJson {
  return { id: e.id, url: e.url, events: webhookEvents.filter((x) => e.events.includes(x)), enabled: e.enabled, disabledAt: e.disabledAt?.toISOString() ?? null, createdAt: e.createdAt.toISOString() };
}

type DeliveryRow = { id: string; messageId: string; eventType: string; status: string; attempts: number; responseStatus: number | null; responseMs: number | null; error: string | null; createdAt: Date; lastAttemptAt: Date | null };
export const deliverySelect = { id: true, messageId: true, eventType: true, status: true, attempts: true, responseStatus: true, responseMs: true, error: true, createdAt: true, lastAttemptAt: true } as const;

export function deliveryJson(d: DeliveryRow): WebhookDeliveryJson {
  return { ...d, status: d.status as WebhookDeliveryJson["status"], createdAt: d.createdAt.toISOString(), lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null };
}

async function assertPro(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (!hasProFeatures(user.planCode)) throw new AppError("webhooks.proRequired");
}

/** The one "endpoint owned by this user" query: another user's endpoint is simply not found. */
export async function findOwnedEndpoint(userId: string, id: string) {
  const row = await prisma.webhookEndpoint.findFirst({ where: { id, userId }, select: { ...endpointSelect, secret: true } });
  if (!row) throw new AppError("webhooks.notFound");
  return row;
}

export async function listEndpoints(userId: string) {
  await assertPro(userId);
  const rows = await prisma.webhookEndpoint.findMany({ where: { userId }, select: endpointSelect, orderBy: { createdAt: "desc" } });
  return { items: rows.map(endpointJson), limit: MAX_WEBHOOK_ENDPOINTS };
}

export async function createEndpoint(userId: string, input: { url: string; events: WebhookEventType[] }) {
  await assertPro(userId);
  const url = await assertWebhookUrl(input.url);
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  return prisma.$transaction(async (db) => {
    // Serialised per user, so two parallel requests cannot both take the last place.
    await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${userId}`}))`;
    if ((await db.webhookEndpoint.count({ where: { userId } })) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("webhooks.limitReached", { limit: MAX_WEBHOOK_ENDPOINTS });
    const row = await db.webhookEndpoint.create({ data: { userId, url, events: [...new Set(input.events)], secret }, select: endpointSelect });
    return { item: endpointJson(row), secret };
  });
}

export async function deleteEndpoint(userId: string, id: string) {
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("webhooks.notFound");
  return { deleted: true };
}

/** Switches an endpoint that was switched off back on; its count of failures starts again. */
export async function enableEndpoint(userId: string, id: string) {
  await findOwnedEndpoint(userId, id);
  const row = await prisma.webhookEndpoint.update({ where: { id }, data: { enabled: true, disabledAt: null, failedInRow: 0 }, select: endpointSelect });
  return endpointJson(row);
}

const LOG_PAGE = 50;

export async function listDeliveries(userId: string, endpointId: string) {
  await findOwnedEndpoint(userId, endpointId);
  const rows = await prisma.webhookDelivery.findMany({ where: { endpointId }, select: deliverySelect, orderBy: { createdAt: "desc" }, take: LOG_PAGE });
  return { items: rows.map(deliveryJson) };
}
