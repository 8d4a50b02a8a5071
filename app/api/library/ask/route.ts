import { AppError } from "@/lib/server/errors";
import { apiRoute } from "@/lib/api/handler";
import { ndjsonResponse } from "@/lib/api/stream";
import { libraryAskBody, toScope } from "@/lib/library-ask/library-ask.schema";
import { prepareLibraryAsk } from "@/lib/library-ask/library-ask.service";

// Ask your library: the answer streams as NDJSON events; the last ("done") carries the citations (docs/library-ask.md).
export const POST = apiRoute({
  auth: "user",
  body: libraryAskBody,
  bodyLimitBytes: 8 * 1024,
  handler: async ({ req, caller, body, locale }) => {
    const scope = toScope(body.scope, body.folder_id);
    if (!scope) throw new AppError("library.scopeInvalid");
    return ndjsonResponse(await prepareLibraryAsk(caller.user, body.question, scope), { locale, signal: req.signal });
  },
});
