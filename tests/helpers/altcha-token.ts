// The browser widget's half of ALTCHA, in Node: solve a challenge and wrap it as the token a sign-in sends
// (components/verify/HumanCheck.tsx does the same with WebCrypto). No server imports, so jest and the
// Playwright specs share it.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

export type { Challenge };

/** The base64 {challenge, solution} payload the widget sends as turnstile_token. */
export async function tokenFor(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64");
}
