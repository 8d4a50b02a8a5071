import { apiRoute } from "@/lib/api/handler";
import { googleSignInFromRoute, googleStatus } from "@/lib/auth/google-flow";
import { socialSignInBody } from "@/lib/auth/social.schema";

// GET: is Google sign-in offered; if not, is the development login there instead.
export const GET = apiRoute({
  auth: "optional",
  handler: async ({ edition }) => googleStatus(edition),
});

// POST: the plain social sign-in path, for clients that ran the authorisation themselves.
export const POST = apiRoute({
  auth: "optional",
  body: socialSignInBody,
  bodyLimitBytes: 16 * 1024,
  handler: async ({ req, body, locale, edition }) => googleSignInFromRoute(req, body, { locale, edition, variant: "plain" }),
});
