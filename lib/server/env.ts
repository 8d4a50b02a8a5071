import "server-only";
import path from "node:path";
import { z } from "zod";

// The one place that reads process.env. Every setting has an embedded default
// so that `npm start` works offline with no configuration.
const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** The development-only AUTH_SECRET used when none is set; never accepted in production. */
export const DEV_AUTH_SECRET = "dev-only-secret-change-me-in-production-0123456789";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/tingji"),
  // Connections each process keeps to PostgreSQL. Once opened they stay open: a pool that closed idle ones
  // reopened 15 at a step from 100 to 200 req/s, and that second's requests waited up to 600 ms for them
  // (bench/README.md "load: findings").
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  // Namespaces queues and Redis keys so that test runs do not meet each other.
  REDIS_PREFIX: z.string().default("tingji"),
  APP_URL: z.string().default("http://localhost:3000"),
  // In production the web and the worker refuse to start on this default or any weak value (lib/server/secrets.ts).
  AUTH_SECRET: z.string().default(DEV_AUTH_SECRET),
  AUTH_DEV_TOKEN: z.string().optional(),
  AUTH_DEV_USER: z.string().optional(),
  AUTH_DEV_DEVICE_ID: z.string().optional(),
  // The development login is off in production unless this is set.
  ALLOW_DEV_LOGIN_IN_PRODUCTION: bool,
  // Google sign-in (docs/auth.md "Google sign-in"): off without a client id. GOOGLE_ISSUER_URL points at another
  // OpenID Connect issuer with the same protocol (tests: the loopback provider in tests/helpers/loopback-oidc.ts).
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: z.string().default("https://accounts.google.com"),
  EDITION: z.enum(["international", "china"]).default("international"),
  CHINA_HOSTS: z.string().default(""),
  // The community the out-of-credits dialog offers (http(s) only; the button is hidden when unset).
  COMMUNITY_URL: z.string().optional(),
  // Client downloads offered by the desktop handoff and the mobile app banner (docs/devices.md; http(s) only, hidden when unset).
  DOWNLOAD_WINDOWS_URL: z.string().optional(),
  DOWNLOAD_MACOS_URL: z.string().optional(),
  DOWNLOAD_IOS_URL: z.string().optional(),
  DOWNLOAD_ANDROID_URL: z.string().optional(),
  // Phone login on the China edition (docs/auth.md "China edition and phone login"): the SMS proxy's base URL
  // (its /api/sms/6/cgi/* paths), texts per number per day, and code checks per number per 10 minutes.
  SMS_PROXY_URL: z.string().optional(),
  PHONE_CODES_PER_NUMBER_PER_DAY: z.coerce.number().int().positive().default(10),
  PHONE_CHECKS_PER_NUMBER_PER_10_MINUTES: z.coerce.number().int().positive().default(10),
  DATA_DIR: z.string().default(path.join(process.cwd(), "var")),
  // Local scratch for jobs in hand (copies from storage, intermediates); never shared between machines. Default DATA_DIR/tmp.
  WORKER_SCRATCH_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  SPEECH_ENGINE: z.enum(["pocketsphinx", "openai"]).optional(),
  SPEECH_API_BASE_URL: z.string().optional(),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().default("whisper-1"),
  // The SDK's own retries per request, before the job's retries.
  SPEECH_API_MAX_RETRIES: z.coerce.number().int().min(0).default(2),
  AI_BASE_URL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  MEETING_BOT_API_URL: z.string().optional(),
  MEETING_BOT_API_KEY: z.string().optional(),
  // How often the worker asks the meeting-bot provider where its bot is.
  MEETING_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  // Live recording (docs/live.md): the longest one session may record, and the length of one audio chunk.
  LIVE_MAX_SECONDS: z.coerce.number().int().min(60).default(4 * 3600),
  LIVE_CHUNK_SECONDS: z.coerce.number().min(0.1).max(2).default(0.5),
  // Live recordings one worker decodes at once (bench/README.md "live": at least 4 keep up on two cores).
  LIVE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).default(8),
  MEETING_BOT_NAME: z.string().default("Tingji Notetaker"),
  // Per request to the AI provider, and the SDK's own retries before the job's.
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(90_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).default(1),
  // How much transcript (characters) goes into one prompt; longer transcripts are condensed first.
  AI_CONTEXT_CHARS: z.coerce.number().int().min(2000).default(60_000),
  // Shortest time each analysis step stays on screen. 0 in production; browser tests slow the steps down to watch them.
  ANALYSIS_MIN_STEP_MS: z.coerce.number().int().min(0).default(0),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Tingji <no-reply@localhost>"),
  // Where the plans page's and landing page's Enterprise "Contact us" goes: a web page or a mailto: link.
  CONTACT_URL: z
    .string()
    .regex(/^(https?:\/\/|mailto:)/i, "CONTACT_URL must start with https://, http:// or mailto:")
    .default("mailto:sales@tingji.example"),
  // Media jobs one worker runs at once; their speech shares the decoder slots (SPEECH_PARALLELISM, docs/scheduling.md).
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(4),
  // Web processes sharing the port (server.ts, node:cluster): one event loop serves about one core of requests.
  // 0 = one per core. They keep no state between requests (docs/deploy.md), so any of them serves anyone.
  WEB_PROCESSES: z.coerce.number().int().min(0).max(64).default(1),
  // How long a job stays locked to a worker that stopped answering before another takes it over.
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),
  // Times a job may lose its worker (lock lapsed) before it fails; the task is then finalised.
  WORKER_MAX_STALLED_COUNT: z.coerce.number().int().min(0).default(2),
  // How long SIGTERM waits for running jobs to stop; what is left is retried by the next worker.
  WORKER_SHUTDOWN_MS: z.coerce.number().int().min(0).default(20_000),
  // How often the "tasks.sweep" job scheduler checks that every task in progress has a live job.
  WORKER_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  // Media tools (docs/tools.md "Media tools"): how long a processed file can be downloaded, and how often the sweeper
  // removes expired files. One job at a time on their own "tools" queue unless MEDIA_TOOLS_CONCURRENCY says more.
  MEDIA_TOOLS_TTL_MS: z.coerce.number().int().min(1000).default(2 * 3600 * 1000),
  MEDIA_TOOLS_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  MEDIA_TOOLS_CONCURRENCY: z.coerce.number().int().positive().default(1),
  // Anonymous uploads of up to 1 GB each (lib/tools/media/limits.ts, docs/tools.md "Limits"): uploads and
  // conversion starts per visitor/account and per client address per 10 minutes, and unexpired files held at once.
  MEDIA_TOOLS_UPLOADS_PER_10_MINUTES: z.coerce.number().int().positive().default(10),
  MEDIA_TOOLS_UPLOADS_PER_IP_PER_10_MINUTES: z.coerce.number().int().positive().default(30),
  MEDIA_TOOLS_STARTS_PER_10_MINUTES: z.coerce.number().int().positive().default(20),
  MEDIA_TOOLS_STARTS_PER_IP_PER_10_MINUTES: z.coerce.number().int().positive().default(60),
  MEDIA_TOOLS_MAX_FILES: z.coerce.number().int().positive().default(20),
  // Decoder slots per worker, shared fairly by every transcription it runs (default: one per core).
  SPEECH_PARALLELISM: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Bearer token for Prometheus scraping /api/metrics (docs/operations.md); unset: admins only. A weak one is refused at start.
  METRICS_TOKEN: z.string().optional(),
  // Video-platform links: imports per user per rolling hour, the yt-dlp binary, and
  // test-only loopback hosts ("127.0.0.1:8123,...", honoured only when APP_URL is loopback).
  LINK_IMPORT_RATE_PER_HOUR: z.coerce.number().int().positive().default(5),
  YTDLP_PATH: z.string().default("yt-dlp"),
  LINK_IMPORT_TEST_HOSTS: z.string().default(""),
  // Request limits (lib/rate-limit/rate-limit.ts, docs/architecture.md "Request limits").
  // Reverse proxies in front of the web ("1" behind one): only then is X-Forwarded-For believed
  // for per-address limits; with 0 every client shares one "unknown" address.
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((v) => (/^(true|yes)$/i.test(v) ? 1 : Math.max(0, Number.parseInt(v, 10) || 0))),
  LOGIN_SEND_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOGIN_VERIFY_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(60),
  DEV_LOGIN_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  HEALTH_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Login links per email address per 15 minutes (the link's validity).
  LOGIN_LINKS_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  // Ask AI, flashback quiz and translation, per user: a rate, and a daily limit by plan.
  // The public API (docs/api.md "Rate limits"): requests per key per minute.
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Webhook delivery (lib/webhooks): the first retry's wait (doubling after), the tries, and the loopback
  // receivers tests may use (honoured only with APP_URL on loopback, like LINK_IMPORT_TEST_HOSTS).
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(20_000),
  WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(13),
  WEBHOOK_TEST_HOSTS: z.string().default(""),
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  AI_REQUESTS_PER_DAY: z.coerce.number().int().positive().default(200),
  AI_REQUESTS_PER_DAY_PRO: z.coerce.number().int().positive().default(1000),
  // Collaborator additions per owner per 10 minutes: "user not found" must not become a fast account-enumeration oracle.
  // Card subscriptions (lib/billing/stripe.ts, docs/billing.md): without a secret key the plans page says card payment is not set up.
  // STRIPE_API_URL points the SDK at another server (tests: a loopback one).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().optional(),
  // Alipay page pay (China edition; docs/billing.md "Alipay"). The private key is the app's (PKCS#8, PEM or its
  // base64 body), the public key is Alipay's. ALIPAY_GATEWAY points elsewhere in tests (a loopback gateway).
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().default("https://openapi.alipay.com/gateway.do"),
  COLLAB_ADDS_PER_10_MINUTES: z.coerce.number().int().positive().default(30),
  // Promo code checks and uses per user per 10 minutes: operator-named codes can be guessed (docs/billing.md).
  PROMO_TRIES_PER_10_MINUTES: z.coerce.number().int().positive().default(30),
  // Referral credits one referrer may earn in any 24 hours; later sign-ups are recorded as refused (docs/billing.md "Referral").
  REFERRAL_CREDITS_PER_DAY: z.coerce.number().int().positive().default(10),
  // Human verification (lib/verify, docs/auth.md "Human verification and regions"): Cloudflare Turnstile when both
  // keys are set, else the offline ALTCHA proof-of-work. ALTCHA_HMAC_KEY signs challenges (derived from AUTH_SECRET
  // when unset; refused at start in production when weak). Cost: PBKDF2 iterations per try; the answer lies below ALTCHA_MAX_NUMBER.
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.string().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  ALTCHA_HMAC_KEY: z.string().optional(),
  ALTCHA_COST: z.coerce.number().int().positive().default(1000),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).default(3000),
  ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(10).default(600),
  // Restricted regions: ISO country codes ("CN,KP") read from COUNTRY_HEADER (set by the proxy, believed only when
  // TRUST_PROXY >= 1); such API calls answer body code 302 redirect_required with REGION_REDIRECT_URL.
  RESTRICTED_COUNTRIES: z.string().default(""),
  COUNTRY_HEADER: z.string().default("cf-ipcountry"),
  REGION_REDIRECT_URL: z.string().optional(),
  // The two editions' public addresses, for the region access notice (lib/verify/compliance.ts).
  INTERNATIONAL_SITE_URL: z.string().optional(),
  CHINA_SITE_URL: z.string().optional(),
  COMPLIANCE_CHECKS_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Web Push (lib/push, docs/devices.md "Push notifications"): the VAPID key pair (`npm run setup` writes one into
  // .env; refused at production start when missing, malformed or not a pair) and the contact push services see.
  // PUSH_TEST_HOSTS: test-only loopback push services ("127.0.0.1:8123,..."), honoured only when APP_URL is loopback.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:support@tingji.app"),
  PUSH_TEST_HOSTS: z.string().default(""),
});

export type Env = z.infer<typeof schema>;

/** Every setting the app reads (for checks that deployment files name only real ones). */
export const ENV_KEYS: readonly string[] = Object.keys(schema.shape);

let cached: Env | undefined;

export function env(): Env {
  cached ??= schema.parse(process.env);
  return cached;
}

export function dataDir(...parts: string[]): string {
  return path.join(env().DATA_DIR, ...parts);
}
