import { apiRoute } from "@/lib/api/handler";
import { idempotent } from "@/lib/api-keys/idempotency";
import { createFromPaste } from "@/lib/imports/documents.service";
import { PASTE_TEXT_BODY_LIMIT_BYTES } from "@/lib/imports/imports.schema";
import { v1TextBody } from "@/lib/public-api/v1.schema";

export const POST = apiRoute({
  auth: "write",
  body: v1TextBody,
  bodyLimitBytes: PASTE_TEXT_BODY_LIMIT_BYTES,
  handler: async ({ req, caller, body, locale }) => idempotent(caller.user.id, req, body, () => createFromPaste(caller.user.id, body, locale)),
});
