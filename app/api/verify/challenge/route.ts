import { apiRoute } from "@/lib/api/handler";
import { ok } from "@/lib/api/respond";
import { humanChallenge } from "@/lib/verify/human";

// The human-verification widget's setup: Turnstile's site key or a fresh signed ALTCHA challenge.
// Public (the login page has no user yet); a challenge counts once, when a sign-in spends it.
export const GET = apiRoute({
  auth: "optional",
  handler: async () => ok(await humanChallenge(), "ok", { headers: { "cache-control": "no-store" } }),
});
