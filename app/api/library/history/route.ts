import { AppError } from "@/lib/server/errors";
import { apiRoute } from "@/lib/api/handler";
import { libraryHistoryQuery, toScope } from "@/lib/library-ask/library-ask.schema";
import { clearLibraryHistory, libraryHistory } from "@/lib/library-ask/library-ask.service";

/** The caller's questions to their library in one scope (?scope=all|shared|folder&folder_id=…). */
export const GET = apiRoute({
  auth: "user",
  query: libraryHistoryQuery,
  handler: async ({ caller, query }) => {
    const scope = toScope(query.scope, query.folder_id);
    if (!scope) throw new AppError("library.scopeInvalid");
    return libraryHistory(caller.user.id, scope);
  },
});

/** Clears the caller's history of one scope. */
export const DELETE = apiRoute({
  auth: "user",
  query: libraryHistoryQuery,
  handler: async ({ caller, query }) => {
    const scope = toScope(query.scope, query.folder_id);
    if (!scope) throw new AppError("library.scopeInvalid");
    return clearLibraryHistory(caller.user.id, scope);
  },
});
