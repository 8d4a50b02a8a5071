import { apiRoute } from "@/lib/api/handler";
import { googleAuthorizeRedirect } from "@/lib/auth/google-flow";
import { googleStartQuery } from "@/lib/auth/social.schema";

// Sends the browser to Google's authorisation page (scope email and profile, response type code, offline access).
export const GET = apiRoute({
  auth: "optional",
  query: googleStartQuery,
  handler: async ({ req, query, edition }) => googleAuthorizeRedirect(req.headers, query.origin, edition),
});
