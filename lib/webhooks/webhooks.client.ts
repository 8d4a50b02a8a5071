// Browser calls for webhook endpoints: the account panel uses the public API's routes with the session token.
import { api } from "@/lib/client/api";
import type { WebhookDeliveryJson, WebhookEndpointJson, WebhookEventType } from "./webhooks.schema";

export const webhooksApi = {
  list: () => api.get<{ items: WebhookEndpointJson[]; limit: number }>("/api/v1/webhooks"),
  create: (url: string, events: WebhookEventType[]) => api.post<{ item: WebhookEndpointJson; secret: string }>("/api/v1/webhooks", { url, events }),
  remove: (id: string) => api.del<{ deleted: boolean }>(`/api/v1/webhooks/${encodeURIComponent(id)}`),
  enable: (id: string) => api.post<WebhookEndpointJson>(`/api/v1/webhooks/${encodeURIComponent(id)}/enable`),
  test: (id: string) => api.post<WebhookDeliveryJson>(`/api/v1/webhooks/${encodeURIComponent(id)}/test`),
  deliveries: (id: string) => api.get<{ items: WebhookDeliveryJson[] }>(`/api/v1/webhooks/${encodeURIComponent(id)}/deliveries`),
  resend: (id: string, deliveryId: string) => api.post<WebhookDeliveryJson>(`/api/v1/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
};
