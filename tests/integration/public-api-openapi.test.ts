import { GET as openapiJson } from "@/app/api/v1/openapi.json/route";
import { discoverRoutes } from "@/scripts/drills/routes";
import { NextRequest } from "next/server";

// The OpenAPI document covers every /api/v1 route file and method: adding a route without
// documenting it (lib/public-api/openapi.ts) fails here.

interface Doc {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
  webhooks: Record<string, unknown>;
  components: { securitySchemes: Record<string, unknown> };
}

let doc: Doc;

beforeAll(async () => {
  const res = await openapiJson(new NextRequest("http://localhost:3000/api/v1/openapi.json"), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});

test("it is OpenAPI 3.1 with the key scheme and the webhook events", () => {
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  expect(Object.keys(doc.webhooks).sort()).toEqual(["live.ended", "summary.completed", "task.completed", "task.failed", "translation.completed", "webhook.test"]);
});

test("the description tells an outside developer how to authenticate, read answers and verify webhooks, without repository paths", () => {
  const text = doc.info.description;
  for (const needed of ["Authorization: Bearer tj_key_", "{code, message, data}", "RateLimit-Policy", "Idempotency-Key", "webhook-signature"]) expect(text).toContain(needed);
  expect(text).not.toMatch(/docs\/|\.md\b|lib\//);
});

test("every app/api/v1 route file and method is in the document, and nothing else", () => {
  const routes = discoverRoutes().filter((r) => r.route.startsWith("/api/v1/"));
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const fromFiles = routes.flatMap((r) => r.methods.map((m) => `${m.toLowerCase()} ${r.route.replace(/\[([^\]]+)\]/g, "{$1}")}`)).sort();
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)).sort();
  expect(documented).toEqual(fromFiles);
});

test("request bodies come from the routes' own schemas", () => {
  const link = doc.paths["/api/v1/tasks/link"]!.post!.requestBody!.content["application/json"] as { schema: { properties: Record<string, unknown>; required: string[] } };
  expect(Object.keys(link.schema.properties)).toEqual(["url", "spoken_language"]);
  expect(doc.paths["/api/v1/tasks"]!.post!.requestBody!.content).toHaveProperty("multipart/form-data");
  const hook = doc.paths["/api/v1/webhooks"]!.post!.requestBody!.content["application/json"] as { schema: { properties: { events: { items: { enum: string[] } } } } };
  expect(hook.schema.properties.events.items.enum).toEqual(["task.completed", "task.failed", "summary.completed", "translation.completed", "live.ended"]);
});
