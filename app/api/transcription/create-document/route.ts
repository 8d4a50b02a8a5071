import { apiRoute } from "@/lib/api/handler";
import { createFromDocuments } from "@/lib/imports/documents.service";

export const POST = apiRoute({ auth: "user", handler: async ({ req, caller, locale }) => createFromDocuments(req, caller.user.id, locale) });
