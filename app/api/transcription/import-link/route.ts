import { apiRoute } from "@/lib/api/handler";
import { importLinkBody } from "@/lib/imports/imports.schema";
import { importLink } from "@/lib/imports/link.service";

// A video-platform link (experimental, rate limited): fetched and transcribed by the worker.
export const POST = apiRoute({ auth: "user", body: importLinkBody, handler: async ({ caller, body, locale }) => importLink(caller.user.id, body.url, locale, body.spoken_language) });
