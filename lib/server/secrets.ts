import "server-only";
import { DEV_AUTH_SECRET, env, type Env } from "./env";
import { vapidKeyProblem } from "./vapid-keys";

// Start-up checks of the secrets, run by the web (instrumentation.ts) and the worker
// (workers/main.ts) before they take any request or job. AUTH_SECRET signs every access
// token and media URL: in production a missing, short or published one lets anybody forge
// them, so the process refuses to start and says how to make a good one.

export const AUTH_SECRET_MIN_LENGTH = 32;

/** Values published in this repository, its docs and common examples (compared ignoring case). */
const PUBLISHED_SECRETS = [
  // The old docker-compose.yml default.
  "change-me-please-to-a-long-random-string",
  "secret",
  "changeme",
  "change-me",
  "password",
  "development",
  "test",
];
/** Placeholder wording people leave in copied examples. */
const PLACEHOLDER = /change[-_ .]?me|replace[-_ .]?me|your[-_ .]?secret|put[-_ .]?your|placeholder|example[-_ .]?secret|insecure|not[-_ .]?secret/i;
/** Fewer distinct characters than this is a typed pattern, not a random value. */
const MIN_DISTINCT_CHARS = 8;

export const GENERATE_SECRET_HINT =
  "Generate one with `openssl rand -base64 48` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\"`) " +
  "and set AUTH_SECRET in .env or the service's environment (`npm run setup` writes a fresh one into .env).";

export type SecretProblem = "missing" | "short" | "wellKnown";

/** What is wrong with this AUTH_SECRET for production, or null when it is fine. */
export function authSecretProblem(secret: string | undefined): SecretProblem | null {
  const value = (secret ?? "").trim();
  // env() fills in the development default when AUTH_SECRET is absent.
  if (!value || value === DEV_AUTH_SECRET) return "missing";
  if (value.length < AUTH_SECRET_MIN_LENGTH) return "short";
  const lower = value.toLowerCase();
  if (PUBLISHED_SECRETS.includes(lower)) return "wellKnown";
  if (PLACEHOLDER.test(value)) return "wellKnown";
  // One character or a short run repeated ("aaaa…", "abcabc…", "0123401234…").
  if (/^(.{1,8}?)\1+$/s.test(value)) return "wellKnown";
  if (new Set(value).size < MIN_DISTINCT_CHARS) return "wellKnown";
  return null;
}

const PROBLEM_TEXT: Record<SecretProblem, string> = {
  missing: "AUTH_SECRET is not set (the built-in development value is not used in production).",
  short: `AUTH_SECRET is shorter than ${AUTH_SECRET_MIN_LENGTH} characters.`,
  wellKnown: "AUTH_SECRET is a published or guessable value (an example, a placeholder or a repeated pattern).",
};

/** The reasons this configuration must not run, each with what to do; empty when it may. */
export function productionSecretProblems(e: Pick<Env, "NODE_ENV" | "AUTH_SECRET"> & Partial<Pick<Env, "ALTCHA_HMAC_KEY" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">>): string[] {
  if (e.NODE_ENV !== "production") return [];
  const problem = authSecretProblem(e.AUTH_SECRET);
  const problems = problem ? [`${PROBLEM_TEXT[problem]} ${GENERATE_SECRET_HINT}`] : [];
  // The proof-of-work signing key (lib/verify/altcha.ts): derived from AUTH_SECRET unless set, then held to the same bar.
  const altcha = e.ALTCHA_HMAC_KEY !== undefined ? authSecretProblem(e.ALTCHA_HMAC_KEY) : null;
  if (altcha) problems.push(`${PROBLEM_TEXT[altcha].replace("AUTH_SECRET", "ALTCHA_HMAC_KEY")} ${GENERATE_SECRET_HINT.replace("set AUTH_SECRET", "set ALTCHA_HMAC_KEY")}`);
  if (e.GOOGLE_CLIENT_ID && googleSecretUnfit(e.GOOGLE_CLIENT_SECRET)) problems.push(GOOGLE_SECRET_TEXT);
  return problems;
}

// Google sign-in (lib/auth/google.ts): a client id with no secret, or with an example's placeholder, is refused at start.
const GOOGLE_SECRET_TEXT =
  "GOOGLE_CLIENT_ID is set but GOOGLE_CLIENT_SECRET is missing or a placeholder: copy the client secret of the OAuth client from Google Cloud, or unset GOOGLE_CLIENT_ID.";
function googleSecretUnfit(secret: string | undefined): boolean {
  const value = (secret ?? "").trim();
  return !value || PUBLISHED_SECRETS.includes(value.toLowerCase()) || PLACEHOLDER.test(value);
}

/** The development login is a fixed bearer token: in production only when explicitly allowed. */
export function devLoginAllowed(e: Pick<Env, "NODE_ENV" | "ALLOW_DEV_LOGIN_IN_PRODUCTION">): boolean {
  return e.NODE_ENV !== "production" || e.ALLOW_DEV_LOGIN_IN_PRODUCTION;
}

/** The metrics token is refused in every environment when weak: set, it opens /api/metrics to whoever holds it. */
export function metricsTokenProblem(token: string | undefined): string | null {
  const problem = token !== undefined ? authSecretProblem(token) : null;
  return problem ? `${PROBLEM_TEXT[problem].replace("AUTH_SECRET", "METRICS_TOKEN")} Generate one with \`openssl rand -hex 32\`, or unset METRICS_TOKEN (admins only then).` : null;
}

/**
 * Called once at start by the web and the worker: prints what is wrong and what to do,
 * then exits, when the secrets are unfit for production.
 */
export function assertSecretsAtStart(processName: "web" | "worker"): void {
  const e = env();
  const problems = productionSecretProblems(e);
  const metrics = metricsTokenProblem(e.METRICS_TOKEN);
  if (metrics) problems.push(metrics);
  const vapid = e.NODE_ENV === "production" ? vapidKeyProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY) : null;
  if (vapid) problems.push(vapid);
  if (problems.length === 0) {
    if (e.NODE_ENV === "production" && e.AUTH_DEV_TOKEN && !devLoginAllowed(e)) {
      console.warn(`[${processName}] AUTH_DEV_TOKEN is set but the development login stays off in production (set ALLOW_DEV_LOGIN_IN_PRODUCTION=1 to allow it).`);
    }
    return;
  }
  for (const p of problems) console.error(`[${processName}] refusing to start: ${p}`);
  process.exit(1);
}
