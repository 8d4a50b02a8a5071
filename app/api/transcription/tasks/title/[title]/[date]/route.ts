import { apiRoute } from "@/lib/api/handler";
import { tokenFromSegment } from "@/lib/sharing/share-link";
import { sharedTitleParams } from "@/lib/sharing/sharing.schema";
import { asShareFailure } from "@/lib/sharing/sharing.service";
import { findSharedView } from "@/lib/sharing/shared-view";

/** Public: the shared view of /transcribe/show/:date/:title. {title} is "<slug>-<token>"; a title and a date alone find nothing. */
export const GET = apiRoute({
  auth: "optional",
  params: sharedTitleParams,
  handler: async ({ params }) => asShareFailure("share.serverError", () => findSharedView(tokenFromSegment(params.title))),
});
