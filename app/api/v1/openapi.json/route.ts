import { apiRoute } from "@/lib/api/handler";
import { openApiDocument } from "@/lib/public-api/openapi";
import { env } from "@/lib/server/env";

// The OpenAPI 3.1 document of /api/v1, generated from the routes' own zod schemas. Public: it holds no one's data.
export const GET = apiRoute({
  auth: "optional",
  handler: async () => Response.json(openApiDocument(env().APP_URL.replace(/\/$/, "")), { headers: { "cache-control": "public, max-age=300" } }),
});
