import { apiRoute } from "@/lib/api/handler";
import { createFromPaste } from "@/lib/imports/documents.service";
import { PASTE_TEXT_BODY_LIMIT_BYTES, pasteTextBody } from "@/lib/imports/imports.schema";

export const POST = apiRoute({ auth: "user", body: pasteTextBody, bodyLimitBytes: PASTE_TEXT_BODY_LIMIT_BYTES, handler: async ({ caller, body, locale }) => createFromPaste(caller.user.id, body, locale) });
