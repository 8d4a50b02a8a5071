import { AppError } from "@/lib/server/errors";
import { apiRoute } from "@/lib/api/handler";
import { shareTaskParams, shareToggleBody } from "@/lib/sharing/sharing.schema";
import { asShareFailure, toggleShare } from "@/lib/sharing/sharing.service";

/** Switches the share link on or off, and the search-engine opt-in. Owner only. */
export const PUT = apiRoute({
  auth: "optional",
  params: shareTaskParams,
  body: shareToggleBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body }) => {
    if (!caller) throw new AppError("share.authFailed");
    return asShareFailure("share.toggleFailed", () => toggleShare(caller.user.id, params.id, body));
  },
});
