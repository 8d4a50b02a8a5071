import { googleSignInRoute } from "@/lib/auth/google-routes";

// The web variant of the social sign-in path (spec §7): the code our callback page was given, with the flow cookie.
export const POST = googleSignInRoute("web");
