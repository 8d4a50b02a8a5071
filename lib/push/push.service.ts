import "server-only";
import crypto from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import type { PushMessage } from "@/lib/pwa/push-message";
import { deliver, endpointProblem, pushConfigured } from "./deliver";
import type { PushSubscriptionBody } from "./push.schema";
import { env } from "@/lib/server/env";

// Devices that receive a user's push notifications (docs/devices.md "Push notifications").

/** `endpointHash` (SHA-256 of the endpoint, hex) lets a browser find its own row without the endpoint, a
 * capability URL, ever being sent back. */
export type PushDevice = { id: string; label: string; createdAt: string; lastSentAt: string | null; endpointHash: string };

/** What the browser needs to subscribe: whether push is set up here, and the VAPID public key. */
export function pushConfig(): { enabled: boolean; publicKey: string | null } {
  return pushConfigured() ? { enabled: true, publicKey: env().VAPID_PUBLIC_KEY ?? null } : { enabled: false, publicKey: null };
}

function toDevice(row: { id: string; label: string; createdAt: Date; lastSentAt: Date | null; endpoint: string }): PushDevice {
  const endpointHash = crypto.createHash("sha256").update(row.endpoint).digest("hex");
  return { id: row.id, label: row.label, createdAt: row.createdAt.toISOString(), lastSentAt: row.lastSentAt?.toISOString() ?? null, endpointHash };
}

/**
 * Saves this device's subscription for the user. One per device: the endpoint is the browser's own, so a
 * device that subscribes again (or after another user used it) replaces its earlier row.
 */
export async function saveSubscription(userId: string, body: PushSubscriptionBody): Promise<PushDevice> {
  if (!pushConfigured()) throw new AppError("push.notConfigured");
  const problem = await endpointProblem(body.endpoint);
  if (problem) throw new AppError("push.endpointRefused", {}, { why: problem });
  const data = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, label: body.label };
  const row = await prisma.pushSubscription.upsert({ where: { endpoint: body.endpoint }, create: { endpoint: body.endpoint, ...data }, update: { ...data, lastSentAt: null } });
  return toDevice(row);
}

/** The user's devices, newest first. */
export async function listDevices(userId: string): Promise<{ enabled: boolean; publicKey: string | null; devices: PushDevice[] }> {
  const rows = await prisma.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return { ...pushConfig(), devices: rows.map(toDevice) };
}

/** "Turn off": removes one of the user's devices (another user's id is not found). */
export async function deleteDevice(userId: string, id: string): Promise<{ deleted: number }> {
  const { count } = await prisma.pushSubscription.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("push.subscriptionNotFound");
  return { deleted: count };
}

/** Logout from a device: its subscription goes with the session, whoever it belonged to. */
export async function forgetEndpoint(userId: string, endpoint: string): Promise<{ deleted: number }> {
  const { count } = await prisma.pushSubscription.deleteMany({ where: { endpoint, userId } });
  return { deleted: count };
}

/**
 * Sends one message to every device of the user. A push service's 404 or 410 means the subscription has
 * expired: it is removed. Other failures are logged and skipped (a notification is a courtesy, never a
 * reason to fail the job that finished).
 */
export async function pushToUser(userId: string, message: PushMessage): Promise<{ sent: number; removed: number }> {
  if (!pushConfigured()) return { sent: 0, removed: 0 };
  const rows = await prisma.pushSubscription.findMany({ where: { userId } });
  let sent = 0;
  let removed = 0;
  const payload = JSON.stringify(message);
  for (const row of rows) {
    try {
      const outcome = await deliver({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload);
      if ("refused" in outcome) logger.warn("push refused by the egress check", { id: row.id, why: outcome.refused });
      else if (outcome.status === 404 || outcome.status === 410) {
        await prisma.pushSubscription.deleteMany({ where: { id: row.id } });
        removed++;
      } else if (outcome.status >= 200 && outcome.status < 300) {
        await prisma.pushSubscription.updateMany({ where: { id: row.id }, data: { lastSentAt: new Date() } });
        sent++;
      } else logger.warn("push service refused a message", { id: row.id, status: outcome.status });
    } catch (error) {
      logger.warn("push delivery failed", { id: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { sent, removed };
}
