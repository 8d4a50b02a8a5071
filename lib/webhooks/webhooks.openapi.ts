import { z } from "zod";
import type { Operation } from "@/lib/public-api/operation";
import { createWebhookBody, deliveryParams, eventBody, webhookIdParams, webhookPayloads, webhookEvents } from "./webhooks.schema";

// The webhook routes and events as documented in the OpenAPI document (lib/public-api/openapi.ts).

const endpoint = z.object({ id: z.string(), url: z.string(), events: z.array(z.enum(webhookEvents)), enabled: z.boolean(), disabledAt: z.string().nullable(), createdAt: z.string() }).meta({ id: "WebhookEndpoint" });
const delivery = z
  .object({ id: z.string(), messageId: z.string(), eventType: z.string(), status: z.enum(["pending", "delivered", "failed"]), attempts: z.number(), responseStatus: z.number().nullable(), responseMs: z.number().nullable(), error: z.string().nullable(), createdAt: z.string(), lastAttemptAt: z.string().nullable() })
  .meta({ id: "WebhookDelivery" });

export const webhookOperations: Operation[] = [
  { method: "get", path: "/api/v1/webhooks", summary: "Your webhook endpoints", scope: "read", answer: z.object({ items: z.array(endpoint), limit: z.number() }) },
  { method: "post", path: "/api/v1/webhooks", summary: "Add an endpoint; its signing secret (whsec_…) is in this answer only", scope: "write", json: createWebhookBody, answer: z.object({ item: endpoint, secret: z.string() }) },
  { method: "delete", path: "/api/v1/webhooks/{id}", summary: "Remove an endpoint", scope: "write", params: webhookIdParams, answer: z.object({ deleted: z.boolean() }) },
  { method: "post", path: "/api/v1/webhooks/{id}/enable", summary: "Switch an endpoint back on after it was switched off", scope: "write", params: webhookIdParams, answer: endpoint },
  { method: "post", path: "/api/v1/webhooks/{id}/test", summary: "Send a test event (webhook.test) to the endpoint", scope: "write", params: webhookIdParams, answer: delivery },
  { method: "get", path: "/api/v1/webhooks/{id}/deliveries", summary: "The endpoint's delivery log, newest first", scope: "read", params: webhookIdParams, answer: z.object({ items: z.array(delivery) }) },
  { method: "post", path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend", summary: "Send a logged event again (same webhook-id)", scope: "write", params: deliveryParams, answer: delivery },
];

export const webhookEventDocs = [
  ...webhookEvents.map((type) => ({ type, summary: `${type}: signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)`, schema: eventBody(type, webhookPayloads[type]) })),
  { type: "webhook.test", summary: "webhook.test: sent by \"send test event\"", schema: eventBody("webhook.test", z.object({ endpoint_id: z.string(), message: z.string() })) },
];
