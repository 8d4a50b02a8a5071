import { googleSignInRoute, googleStatusRoute } from "@/lib/auth/google-routes";

// GET: is Google sign-in offered. POST: the plain social sign-in path (spec §7), for clients that ran the authorisation themselves.
export const GET = googleStatusRoute;
export const POST = googleSignInRoute("plain");
