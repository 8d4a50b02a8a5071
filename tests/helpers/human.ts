// A solved human-verification token for tests that start a sign-in through the route handlers:
// fetches a real challenge from GET /api/verify/challenge and solves it with altcha-lib in Node,
// exactly what the browser widget does (components/verify/HumanCheck.tsx).
import { GET as challengeRoute } from "@/app/api/verify/challenge/route";
import type { HumanChallenge } from "@/lib/verify/verify.schema";
import { tokenFor, type Challenge } from "./altcha-token";
import { call } from "./api";

export { tokenFor };

/** A fresh challenge as the widget gets it. */
export async function fetchChallenge(headers?: Record<string, string>): Promise<Challenge> {
  const res = await call<HumanChallenge>(challengeRoute, { headers });
  if (res.code !== 200 || res.data.provider !== "altcha") throw new Error(`no ALTCHA challenge: ${res.code} ${res.message}`);
  return res.data.challenge as unknown as Challenge;
}

/** One ALTCHA token, good for one sign-in start. */
export async function solvedHumanToken(): Promise<string> {
  return tokenFor(await fetchChallenge());
}
