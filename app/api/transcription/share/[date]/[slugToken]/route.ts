import { apiRoute } from "@/lib/api/handler";
import { tokenFromSegment } from "@/lib/sharing/share-link";
import { sharedLinkParams } from "@/lib/sharing/sharing.schema";
import { asShareFailure } from "@/lib/sharing/sharing.service";
import { findSharedView } from "@/lib/sharing/shared-view";

/** Public: a share link's view (title, summary, mind map). {date} is the date, {slugToken} "<slug>-<token>"; only the token counts. */
export const GET = apiRoute({
  auth: "optional",
  params: sharedLinkParams,
  handler: async ({ params }) => asShareFailure("share.serverError", () => findSharedView(tokenFromSegment(params.slugToken))),
});
