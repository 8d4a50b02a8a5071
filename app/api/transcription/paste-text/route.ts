import { apiRoute } from "@/lib/api/handler";
import { createFromPaste } from "@/lib/imports/documents.service";
import { pasteTextBody } from "@/lib/imports/imports.schema";

export const POST = apiRoute({ auth: "user", body: pasteTextBody, handler: async ({ caller, body, locale }) => createFromPaste(caller.user.id, body, locale) });
