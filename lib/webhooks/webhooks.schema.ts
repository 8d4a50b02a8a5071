import { z } from "zod";
import { safeId } from "@/lib/server/text";

// Webhook endpoints and events (docs/api.md "Webhooks"). Plain code: the browser imports it too.

export const webhookEvents = ["task.completed", "task.failed", "summary.completed", "translation.completed", "live.ended"] as const;
export type WebhookEventType = (typeof webhookEvents)[number];
/** Sent by "send test event" only; every endpoint gets it whatever events it chose. */
export const TEST_EVENT = "webhook.test";

export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;

export const createWebhookBody = z.object({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX).meta({ description: "A public http(s) address; private, loopback and link-local addresses are refused" }),
  events: z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length),
});
export const webhookIdParams = z.object({ id: safeId });
export const deliveryParams = webhookIdParams.extend({ deliveryId: safeId });

export interface WebhookEndpointJson {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** When it was switched off after failing again and again (null: on). */
  disabledAt: string | null;
  createdAt: string;
}

export interface WebhookDeliveryJson {
  id: string;
  messageId: string;
  eventType: string;
  /** pending (tries left), delivered, failed (out of tries) */
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

// What a receiver gets: the Standard Webhooks body {type, timestamp, data}.

const taskRef = { task_id: z.string(), title: z.string(), status: z.string() };
export const webhookPayloads = {
  "task.completed": z.object({ ...taskRef, duration: z.number().nullable().meta({ description: "Seconds" }), transcript_url: z.string() }),
  "task.failed": z.object({ ...taskRef, error_code: z.string().nullable(), error_message: z.string().nullable() }),
  "summary.completed": z.object({ ...taskRef, summary_url: z.string() }),
  "translation.completed": z.object({ task_id: z.string(), target_language: z.string(), translation_url: z.string() }),
  "live.ended": z.object({ ...taskRef, duration: z.number().nullable().meta({ description: "Seconds" }) }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookPayload<E extends WebhookEventType> = z.infer<(typeof webhookPayloads)[E]>;

export function eventBody<T extends z.ZodType>(type: string, data: T) {
  return z.object({ type: z.literal(type), timestamp: z.string().meta({ description: "ISO 8601" }), data });
}
