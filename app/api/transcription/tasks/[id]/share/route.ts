import { AppError } from "@/lib/server/errors";
import { apiRoute } from "@/lib/api/handler";
import { shareTaskParams } from "@/lib/sharing/sharing.schema";
import { asShareFailure, createShare, getShare } from "@/lib/sharing/sharing.service";

// Owner only (docs/sharing.md). A missing or expired sign-in is the Share catalogue's "auth failed".

/** The task's share link as the owner sees it (null before one is made). */
export const GET = apiRoute({
  auth: "optional",
  params: shareTaskParams,
  handler: async ({ caller, params }) => {
    if (!caller) throw new AppError("share.authFailed");
    return { share: await asShareFailure("share.serverError", () => getShare(caller.user.id, params.id)) };
  },
});

/** Creates the link (or answers the existing one): status and URL. */
export const POST = apiRoute({
  auth: "optional",
  params: shareTaskParams,
  handler: async ({ caller, params }) => {
    if (!caller) throw new AppError("share.authFailed");
    return asShareFailure("share.createFailed", () => createShare(caller.user.id, params.id));
  },
});
