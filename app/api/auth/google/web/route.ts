import { apiRoute } from "@/lib/api/handler";
import { ok } from "@/lib/api/respond";
import { googleFlowCookie, googleSignInFromRoute } from "@/lib/auth/google-flow";
import { socialSignInBody } from "@/lib/auth/social.schema";

// The web variant of the social sign-in path: the code our callback page was given, with the flow cookie.
export const POST = apiRoute({
  auth: "optional",
  body: socialSignInBody,
  bodyLimitBytes: 16 * 1024,
  handler: async ({ req, body, locale, edition }) => {
    const answer = await googleSignInFromRoute(req, body, { locale, edition, variant: "web" });
    // The flow is over: its cookie goes.
    return ok(answer, "ok", { headers: { "set-cookie": googleFlowCookie("", 0) } });
  },
});
