// A solved human-verification token for tests that start a sign-in through the route handlers:
// fetches a real challenge from GET /api/verify/challenge and solves it with altcha-lib in Node,
// exactly what the browser widget does (components/verify/HumanCheck.tsx).
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { GET as challengeRoute } from "@/app/api/verify/challenge/route";
import type { HumanChallenge } from "@/lib/verify/verify.schema";
import { call } from "./api";

/** A fresh challenge as the widget gets it. */
export async function fetchChallenge(headers?: Record<string, string>): Promise<Challenge> {
  const res = await call<HumanChallenge>(challengeRoute, { headers });
  if (res.code !== 200 || res.data.provider !== "altcha") throw new Error(`no ALTCHA challenge: ${res.code} ${res.message}`);
  return res.data.challenge as unknown as Challenge;
}

/** The base64 {challenge, solution} payload the widget sends as turnstile_token. */
export async function tokenFor(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64");
}

/** One ALTCHA token, good for one sign-in start. */
export async function solvedHumanToken(): Promise<string> {
  return tokenFor(await fetchChallenge());
}
