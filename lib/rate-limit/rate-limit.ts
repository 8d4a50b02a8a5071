import "server-only";
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "@/lib/server/errors";
import { peerAddress } from "@/lib/server/peer-address";
import { hasProFeatures } from "@/lib/billing/plans";
import { withinDeadline } from "@/lib/server/deadline";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { redis, redisKey } from "@/lib/server/redis";

// The request limits, on Redis so that every web process shares them.
// RateLimiterRedis counts in one Lua script, so N requests at once can never
// take more than the limit's points. A refusal is a RateLimiterRes (answered
// 429 with Retry-After); Redis down or too slow is an Error (answered 503,
// never a hang). Settings: lib/server/env.ts; overview: docs/architecture.md.

const MINUTE = 60;
const DAY = 24 * 60 * 60;
// Longest wait for Redis before a request is answered 503.
const STORE_TIMEOUT_MS = 2_000;

interface LimiterSpec {
  points: () => number;
  durationSec: number;
  /** What a refusal says: "rate" (try again in {seconds}) or "daily" (today's {limit}, resets in {hours}). */
  refusal: "rate" | "daily";
}

const limiterSpecs = {
  // Unauthenticated routes, per client address (clientAddress below).
  loginSendPerIp: { points: () => env().LOGIN_SEND_PER_IP_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  loginVerifyPerIp: { points: () => env().LOGIN_VERIFY_PER_IP_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  devLoginPerIp: { points: () => env().DEV_LOGIN_PER_IP_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  healthPerIp: { points: () => env().HEALTH_PER_IP_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  // The compliance check says whether an email is registered on the other edition: slow enumeration down.
  complianceCheckPerIp: { points: () => env().COMPLIANCE_CHECKS_PER_IP_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  // Login links per email address, over the link's 15-minute validity: guards an inbox against floods.
  loginLinksPerAddress: { points: () => env().LOGIN_LINKS_PER_ADDRESS, durationSec: 15 * MINUTE, refusal: "rate" },
  // Phone login (lib/auth/phone-login.ts): texts per number per day, code checks per number (codes are short).
  phoneCodesPerNumber: { points: () => env().PHONE_CODES_PER_NUMBER_PER_DAY, durationSec: DAY, refusal: "daily" },
  phoneChecksPerNumber: { points: () => env().PHONE_CHECKS_PER_NUMBER_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  // Ask AI, the flashback quiz and translation spend a paid API's money: per user.
  aiPerMinute: { points: () => env().AI_REQUESTS_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
  aiPerDay: { points: () => env().AI_REQUESTS_PER_DAY, durationSec: DAY, refusal: "daily" },
  aiPerDayPro: { points: () => env().AI_REQUESTS_PER_DAY_PRO, durationSec: DAY, refusal: "daily" },
  // Adding collaborators answers "user not found": per owner, so it cannot enumerate accounts quickly.
  collabAddsPerUser: { points: () => env().COLLAB_ADDS_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  // Promo code validate and use: per user, so codes cannot be guessed quickly.
  promoTriesPerUser: { points: () => env().PROMO_TRIES_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  // Media tools (lib/tools/media/limits.ts): anonymous 1 GB uploads and conversions, per owner and per address.
  mediaUploadsPerOwner: { points: () => env().MEDIA_TOOLS_UPLOADS_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  mediaUploadsPerIp: { points: () => env().MEDIA_TOOLS_UPLOADS_PER_IP_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  mediaStartsPerOwner: { points: () => env().MEDIA_TOOLS_STARTS_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  mediaStartsPerIp: { points: () => env().MEDIA_TOOLS_STARTS_PER_IP_PER_10_MINUTES, durationSec: 10 * MINUTE, refusal: "rate" },
  // The public API (/api/v1): per key (a signed-in browser: per user); its state goes out in RateLimit headers.
  apiPerKey: { points: () => env().API_REQUESTS_PER_MINUTE, durationSec: MINUTE, refusal: "rate" },
} satisfies Record<string, LimiterSpec>;

export type LimiterName = keyof typeof limiterSpecs;

const g = globalThis as unknown as { rateLimiters?: Map<string, RateLimiterRedis> };

function limiter(name: LimiterName): RateLimiterRedis {
  g.rateLimiters ??= new Map();
  const spec: LimiterSpec = limiterSpecs[name];
  // Keyed by prefix too: test files (and settings) each get their own.
  const keyPrefix = redisKey("limit", name);
  const id = `${keyPrefix}:${spec.points()}`;
  let found = g.rateLimiters.get(id);
  if (!found) {
    found = new RateLimiterRedis({ storeClient: redis(), keyPrefix, points: spec.points(), duration: spec.durationSec });
    g.rateLimiters.set(id, found);
  }
  return found;
}

export interface ConsumeOptions {
  /** When Redis cannot be asked: "refuse" (503, the default) or "allow" (the health check must still report). */
  whenStoreDown?: "refuse" | "allow";
}

/**
 * Takes one point of `name` for `key`, or throws the catalogue refusal:
 * "common.rateLimited" {seconds} or "common.dailyLimit" {limit, hours}, both
 * 429 with a Retry-After header (lib/api/respond.ts), or
 * "common.serviceUnavailable" (503) when Redis does not answer in time.
 */
export async function consumeLimit(name: LimiterName, key: string, opts: ConsumeOptions = {}): Promise<void> {
  const spec: LimiterSpec = limiterSpecs[name];
  try {
    await withinDeadline(limiter(name).consume(key, 1), STORE_TIMEOUT_MS, () => new Error(`rate limit store did not answer within ${STORE_TIMEOUT_MS} ms`));
  } catch (e) {
    if (e instanceof RateLimiterRes) throw refusal(spec, e);
    logger.warn("rate limit store unavailable", { limiter: name, error: e instanceof Error ? e.message : String(e) });
    if (opts.whenStoreDown === "allow") return;
    throw new AppError("common.serviceUnavailable");
  }
}

/** One limiter's state after a request: its policy, what is left, and when the window resets. */
export interface Meter {
  allowed: boolean;
  limit: number;
  remaining: number;
  windowSec: number;
  resetSec: number;
}

/**
 * Takes one point like consumeLimit, but answers the limiter's state instead of throwing a
 * refusal, so the caller can send it in RateLimit headers with the answer (200 and 429 alike).
 */
export async function meterLimit(name: LimiterName, key: string): Promise<Meter> {
  const spec: LimiterSpec = limiterSpecs[name];
  const meter = (res: RateLimiterRes, allowed: boolean): Meter => ({
    allowed,
    limit: spec.points(),
    remaining: Math.max(0, res.remainingPoints),
    windowSec: spec.durationSec,
    resetSec: Math.max(allowed ? 0 : 1, Math.ceil(res.msBeforeNext / 1000)),
  });
  try {
    return meter(await withinDeadline(limiter(name).consume(key, 1), STORE_TIMEOUT_MS, () => new Error(`rate limit store did not answer within ${STORE_TIMEOUT_MS} ms`)), true);
  } catch (e) {
    if (e instanceof RateLimiterRes) return meter(e, false);
    logger.warn("rate limit store unavailable", { limiter: name, error: e instanceof Error ? e.message : String(e) });
    throw new AppError("common.serviceUnavailable");
  }
}

/** The IETF httpapi draft's fields (draft-ietf-httpapi-ratelimit-headers-10): RateLimit-Policy and RateLimit. */
export function rateLimitHeaders(m: Meter): Record<string, string> {
  return { "RateLimit-Policy": `"per-key";q=${m.limit};w=${m.windowSec}`, RateLimit: `"per-key";r=${m.remaining};t=${m.resetSec}` };
}

function refusal(spec: LimiterSpec, res: RateLimiterRes): AppError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  if (spec.refusal === "daily") return new AppError("common.dailyLimit", { limit: spec.points(), hours: Math.max(1, Math.ceil(seconds / 3600)), seconds });
  return new AppError("common.rateLimited", { seconds });
}

/** Who asks for paid AI work: the user (its id and plan decide the limits). */
export interface AiAsker {
  id: string;
  planCode: string;
}

/**
 * Ask AI, quiz, translation and summaries: the per-minute rate, then the daily limit of the
 * user's plan. Called by the lib/analysis service entries themselves, never by a route.
 */
export async function consumeAiRequest(user: AiAsker): Promise<void> {
  await consumeLimit("aiPerMinute", user.id);
  await consumeLimit(hasProFeatures(user.planCode) ? "aiPerDayPro" : "aiPerDay", user.id);
}

/**
 * The client's address for per-IP limits. Only with TRUST_PROXY (the number of
 * reverse proxies in front of the web) is X-Forwarded-For believed: the entry
 * the nearest trusted proxy added. Without it the header is the client's own
 * word, so every client shares the one "unknown" bucket.
 */
export function clientAddress(headers: Headers): string {
  const hops = env().TRUST_PROXY;
  if (hops <= 0) return peerAddress(headers);
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const candidate = chain[Math.max(0, chain.length - hops)];
  return candidate && isIP(candidate) ? candidate : "unknown";
}

/** Email addresses are keys by hash, so Redis holds no address. */
export function addressKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}
