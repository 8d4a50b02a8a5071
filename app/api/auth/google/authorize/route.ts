import { googleAuthorizeRoute } from "@/lib/auth/google-routes";

// Sends the browser to Google's authorisation page (spec §7: scope email and profile, response type code, offline access).
export const GET = googleAuthorizeRoute;
