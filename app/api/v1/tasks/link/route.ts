import { apiRoute } from "@/lib/api/handler";
import { idempotent } from "@/lib/api-keys/idempotency";
import { importLink } from "@/lib/imports/link.service";
import { v1LinkBody } from "@/lib/public-api/v1.schema";

export const POST = apiRoute({
  auth: "write",
  body: v1LinkBody,
  handler: async ({ req, caller, body, locale }) => idempotent(caller.user.id, req, body, () => importLink(caller.user.id, body.url, locale, body.spoken_language)),
});
