import "server-only";
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { webhookOperations, webhookEventDocs } from "@/lib/webhooks/webhooks.openapi";
import type { Operation } from "./operation";
import {
  envelopeOf,
  v1Error,
  v1LinkBody,
  v1ListQuery,
  v1Chapters,
  v1MindMap,
  v1Summary,
  v1SummaryBody,
  v1TaskIdParams,
  v1TaskPage,
  v1TaskStatus,
  v1TextBody,
  v1Transcript,
  v1TranscriptQuery,
  v1Translation,
  v1TranslationBody,
  v1TranslationParams,
  v1UploadForm,
} from "./v1.schema";

// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes parse with
// (lib/public-api/v1.schema.ts, lib/webhooks/webhooks.schema.ts). Served at /api/v1/openapi.json;
// tests/integration/public-api-openapi.test.ts fails when a route file under app/api/v1 is missing here.


const taskCreated = z.object({ task: v1TaskStatus });

const taskOperations: Operation[] = [
  { method: "get", path: "/api/v1/tasks", summary: "List your tasks, newest first; with q, search them", scope: "read", query: v1ListQuery, answer: v1TaskPage },
  { method: "post", path: "/api/v1/tasks", summary: "Create tasks from uploaded audio or video files (multipart; the web upload's limits)", scope: "write", multipart: v1UploadForm, idempotent: true, answer: z.object({ tasks: z.array(v1TaskStatus) }) },
  { method: "post", path: "/api/v1/tasks/link", summary: "Create a task from a video-platform link", scope: "write", json: v1LinkBody, idempotent: true, answer: taskCreated },
  { method: "post", path: "/api/v1/tasks/text", summary: "Create a task from text", scope: "write", json: v1TextBody, idempotent: true, answer: taskCreated },
  { method: "get", path: "/api/v1/tasks/{id}", summary: "A task's status, progress and error", scope: "read", params: v1TaskIdParams, answer: v1TaskStatus },
  { method: "delete", path: "/api/v1/tasks/{id}", summary: "Delete a task (to Recently deleted for 30 days)", scope: "write", params: v1TaskIdParams, answer: z.object({ deleted: z.number() }).partial() },
  { method: "post", path: "/api/v1/tasks/{id}/start", summary: "Start (or retry) a task's transcription", scope: "write", params: v1TaskIdParams, answer: v1TaskStatus },
  { method: "get", path: "/api/v1/tasks/{id}/transcript", summary: "The transcript: JSON with speakers and times, or an export format as a file", scope: "read", params: v1TaskIdParams, query: v1TranscriptQuery, answer: v1Transcript, file: true },
  { method: "get", path: "/api/v1/tasks/{id}/summary", summary: "The AI summary (markdown)", scope: "read", params: v1TaskIdParams, answer: v1Summary },
  { method: "post", path: "/api/v1/tasks/{id}/summary", summary: "Ask for the summary and mind map (summary.completed follows)", scope: "write", params: v1TaskIdParams, json: v1SummaryBody, answer: z.object({ status: z.string() }) },
  { method: "get", path: "/api/v1/tasks/{id}/mind-map", summary: "The mind map drawn from the summary", scope: "read", params: v1TaskIdParams, answer: v1MindMap },
  { method: "get", path: "/api/v1/tasks/{id}/chapters", summary: "Chapters with times, what each speaker said and asked, and the to-dos (made with the summary)", scope: "read", params: v1TaskIdParams, answer: v1Chapters },
  { method: "post", path: "/api/v1/tasks/{id}/translations", summary: "Ask for a translation (translation.completed follows)", scope: "write", params: v1TaskIdParams, json: v1TranslationBody, answer: v1Translation },
  { method: "get", path: "/api/v1/tasks/{id}/translations/{language}", summary: "A translation, or null when none was asked for", scope: "read", params: v1TranslationParams, answer: v1Translation.nullable() },
  { method: "get", path: "/api/v1/openapi.json", summary: "This document", scope: null },
];

export const operations: Operation[] = [...taskOperations, ...webhookOperations];

function routeConfig(op: Operation): RouteConfig {
  const content: Record<string, { schema: z.ZodType }> = { "application/json": { schema: envelopeOf(op.answer ?? z.unknown()) } };
  if (op.file) content["application/octet-stream"] = { schema: z.string().meta({ format: "binary" }) };
  const errors = { description: "A refusal from the error catalogue (data.error names it)", content: { "application/json": { schema: v1Error } } };
  return {
    method: op.method,
    path: op.path,
    summary: op.summary,
    tags: [op.path.startsWith("/api/v1/webhooks") ? "Webhooks" : "Tasks"],
    security: op.scope ? [{ apiKey: [op.scope] }] : [],
    request: {
      params: op.params,
      query: op.query,
      headers: op.idempotent ? z.object({ "Idempotency-Key": z.string().max(255).optional().meta({ description: "A retry with the same key gets the first answer; one task, one charge" }) }) : undefined,
      body: op.json ? { content: { "application/json": { schema: op.json } } } : op.multipart ? { content: { "multipart/form-data": { schema: op.multipart } } } : undefined,
    },
    responses: {
      200: { description: "Done: the envelope's data", content },
      400: errors,
      401: errors,
      403: errors,
      429: { ...errors, description: "Over the per-key rate limit: see Retry-After and RateLimit" },
    },
  };
}

// What a developer reading the reference needs before the first call; it stands alone (no repository paths).
const API_DESCRIPTION = [
  "Transcripts, summaries and translations for programs.",
  "**Keys.** Create a personal API key in the account panel (Pro plan) and send it as `Authorization: Bearer tj_key_…`. A key reads; with the write scope it also creates, starts and deletes tasks and manages webhook endpoints.",
  "**Answers.** Every answer is the envelope `{code, message, data}`: `code` 200 is success; any other code comes with a message in the language of `Accept-Language` (or `X-Locale`).",
  "**Limits.** A set number of requests a minute per key, announced in the `RateLimit-Policy` and `RateLimit` headers of every answer; past it, 429 with `Retry-After`.",
  "**Retries.** The create calls take an `Idempotency-Key` header: a retry with the same key gets the first answer again, one task and one charge.",
  "**Webhooks.** Endpoints receive the events below as POST requests signed by the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature`).",
].join("\n\n");

let built: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

export function openApiDocument(origin: string) {
  if (!built) {
    const registry = new OpenAPIRegistry();
    registry.registerComponent("securitySchemes", "apiKey", { type: "http", scheme: "bearer", description: "A personal API key (tj_key_…) from the account panel; scopes read and write" });
    for (const op of operations) registry.registerPath(routeConfig(op));
    for (const ev of webhookEventDocs) registry.registerWebhook({ method: "post", path: ev.type, summary: ev.summary, request: { body: { content: { "application/json": { schema: ev.schema } } } }, responses: { 200: { description: "Any 2xx acknowledges the event" } } });
    built = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: { title: "Tingji API", version: "1.0.0", description: API_DESCRIPTION },
    });
  }
  return { ...built, servers: [{ url: origin }] };
}
