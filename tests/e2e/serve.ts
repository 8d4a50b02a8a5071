/**
 * Starts what the browser tests talk to: a fresh database, the production
 * build (served by server.ts: Next plus the co-editing websocket) and the real worker, for one of the servers in env.ts
 * (`--server local` or `--server ai`). The "ai" server also gets the fake
 * OpenAI-compatible chat API on loopback. Playwright runs this as a
 * webServer and stops it when the run ends.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { startFakeMeetingBot } from "../helpers/fake-meeting-bot";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { startLoopbackSite } from "../helpers/loopback-video-site";
import { startLoopbackStripe } from "../helpers/loopback-stripe";
import { rsaKeyPair, startLoopbackAlipay } from "../helpers/loopback-alipay";
import { startLoopbackSms } from "../helpers/loopback-sms";
import { startLoopbackOidc } from "../helpers/loopback-oidc";
import { E2E_CHINA_AI_BASE_URL, E2E_GOOGLE_CLIENT_ID, E2E_GOOGLE_CLIENT_SECRET, E2E_OIDC_PORT } from "./env";
import { startLoopbackS3 } from "../helpers/loopback-s3";
import { startListeningSpeech } from "../helpers/listening-speech";
import { CORPUS, E2E_LOCAL_ENV_FILE, E2E_REGION_REDIRECT_URL, E2E_RESTRICTED_COUNTRY, E2E_ALIPAY_APP_ID, E2E_ALIPAY_KEYS_FILE, E2E_ALIPAY_PORT, E2E_AI_SPEECH_PORT, E2E_FAKE_AI_PORT, E2E_FAKE_MEETING_BOT_PORT, E2E_TRADITIONAL_CLIP, E2E_SERVERS, E2E_SMS_PORT, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET, E2E_VIDEO_SITE_PORT, E2E_WEBHOOK_RECEIVER_PORT, E2E_PUSH_PORT, type E2eServer } from "./env";
import { freshVapidEnv } from "@/tests/helpers/vapid";

async function recreateDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/** What differs between the servers, beyond their own database, Redis prefix and data folder. */
/** Media the loopback video site and meeting bot serve, made from a corpus clip in a temp folder. */
function makeMedia(): { m4a: string; mp4: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-e2e-media-"));
  const clip = path.join(CORPUS, "single/en_jfk.wav");
  const m4a = path.join(dir, "talk.m4a");
  const mp4 = path.join(dir, "meeting.mp4");
  const ff = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  ff(["-i", clip, "-c:a", "aac", m4a]);
  ff(["-f", "lavfi", "-i", "color=c=gray:s=160x120:d=11", "-i", clip, "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4]);
  return { m4a, mp4 };
}

async function settingsFor(server: E2eServer): Promise<Record<string, string>> {
  if (server.name === "local") {
    const media = makeMedia();
    const site = await startLoopbackSite(media.m4a, E2E_VIDEO_SITE_PORT);
    const bot = await startFakeMeetingBot({ mediaFile: media.mp4, key: "e2e-bot-key", port: E2E_FAKE_MEETING_BOT_PORT, joinMs: 1500, meetingMs: 4000 });
    const stripe = await startLoopbackStripe(E2E_STRIPE_PORT);
    // Alipay: fresh key pairs each run, written where the specs read them to sign notifies.
    const alipayKeys = { app: rsaKeyPair(), alipay: rsaKeyPair() };
    fs.mkdirSync(path.dirname(E2E_ALIPAY_KEYS_FILE), { recursive: true });
    fs.writeFileSync(E2E_ALIPAY_KEYS_FILE, JSON.stringify(alipayKeys), { mode: 0o600 });
    // Query answers are signed with "Alipay's" key, as the app checks them (the specs pay through signed notifies).
    const alipay = await startLoopbackAlipay(E2E_ALIPAY_PORT, alipayKeys.app.publicKey, alipayKeys.alipay.privateKey);
    const sms = await startLoopbackSms(E2E_SMS_PORT);
    // Google sign-in (tests/e2e/auth) against a real OpenID Connect provider on loopback.
    const oidc = await startLoopbackOidc({ port: E2E_OIDC_PORT, clientId: E2E_GOOGLE_CLIENT_ID, clientSecret: E2E_GOOGLE_CLIENT_SECRET, redirectUris: ["transcribe", "tools"].map((p) => `${server.baseUrl}/${p}/callback`) });
    return {
      // The local analyzer finishes in milliseconds; each step lingers so a browser can watch them advance.
      ANALYSIS_MIN_STEP_MS: "700",
      // Test-only: a loopback "video site" (honoured because this server's own address is loopback).
      LINK_IMPORT_TEST_HOSTS: site.host,
      // Test-only: the developers spec's loopback webhook receiver (honoured for the same reason).
      WEBHOOK_TEST_HOSTS: `127.0.0.1:${E2E_WEBHOOK_RECEIVER_PORT}`,
      WEBHOOK_RETRY_BASE_MS: "500",
      MEETING_BOT_API_URL: bot.url,
      MEETING_BOT_API_KEY: bot.key,
      MEETING_POLL_MS: "500",
      // Card payment through the loopback Stripe server; the specs sign their own webhooks.
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      ALIPAY_APP_ID: E2E_ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: alipayKeys.app.privateKey,
      ALIPAY_PUBLIC_KEY: alipayKeys.alipay.publicKey,
      ALIPAY_GATEWAY: `${alipay.url}/gateway.do`,
      // Phone login (China edition, tests/e2e/phone) through the loopback SMS proxy.
      SMS_PROXY_URL: sms.url,
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER_URL: oidc.url,
      // Restricted regions (tests/e2e/verify): the proxy's country header, believed behind one trusted proxy.
      TRUST_PROXY: "1",
      COUNTRY_HEADER: "x-country",
      RESTRICTED_COUNTRIES: E2E_RESTRICTED_COUNTRY,
      REGION_REDIRECT_URL: E2E_REGION_REDIRECT_URL,
      // Client downloads (tests/e2e/clients): two configured, macOS and Android left unset on purpose.
      DOWNLOAD_WINDOWS_URL: "https://downloads.example.test/tingji-setup-x64.exe",
      DOWNLOAD_IOS_URL: "https://apps.example.test/tingji-ios",
    };
  }
  const ai = await startFakeOpenAi({ port: E2E_FAKE_AI_PORT, delayMs: 40 });
  // Speech through an OpenAI-compatible API on loopback that really listens (pocketsphinx, English), and hears the
  // corpus's AISHELL clip in Traditional characters, as Whisper-style services often write Mandarin.
  const clipSec = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path.join(CORPUS, E2E_TRADITIONAL_CLIP.file)]).toString());
  const speech = await startListeningSpeech(E2E_AI_SPEECH_PORT, [{ seconds: clipSec, language: "chinese", text: E2E_TRADITIONAL_CLIP.heard }]);
  // No SMS proxy here: on a China host (E2E_CHINA_AI_BASE_URL) this server signs in by email link, whose
  // mail must link back to that host (tests/e2e/auth/china-email-login.spec.ts).
  return {
    AI_BASE_URL: ai.url,
    AI_API_KEY: "sk-e2e",
    AI_MODEL: "fake-model",
    ANALYSIS_MIN_STEP_MS: "300",
    CHINA_SITE_URL: E2E_CHINA_AI_BASE_URL,
    SPEECH_API_BASE_URL: speech.url,
    SPEECH_API_KEY: "sk-e2e-speech",
    SPEECH_MODEL: "whisper-e2e",
  };
}

async function main() {
  const name = process.argv[process.argv.indexOf("--server") + 1] as keyof typeof E2E_SERVERS;
  const server = E2E_SERVERS[name] ?? E2E_SERVERS.local;
  await recreateDatabase(server.databaseUrl);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  fs.mkdirSync(server.dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    DATABASE_URL: server.databaseUrl,
    REDIS_PREFIX: server.redisPrefix,
    DATA_DIR: server.dataDir,
    APP_URL: server.baseUrl,
    PORT: String(server.port),
    AUTH_SECRET: "e2e-secret-0123456789-0123456789-0123456789",
    ...freshVapidEnv(),
    // Push notifications (tests/e2e/pwa): a push service on loopback that the specs run themselves.
    PUSH_TEST_HOSTS: `127.0.0.1:${E2E_PUSH_PORT}`,
    // The human check's proof-of-work stays real but a tenth as long as production's (each of ~130 sign-ins solved
    // up to 3000 tries of 1000 PBKDF2 rounds, about a CPU-second); jest uses 40 (tests/helpers/setup-env.ts).
    ALTCHA_MAX_NUMBER: "300",
    ...(await settingsFor(server)),
    // STORAGE_DRIVER=s3 (and no S3_ENDPOINT of one's own): files go to s3rver on loopback, as in jest.
    ...(process.env.STORAGE_DRIVER === "s3" && !process.env.S3_ENDPOINT ? (await startLoopbackS3({ bucket: `tingji-e2e-${server.name}` })).env : {}),
  };
  // tests/e2e/scale starts a second web process with exactly these settings (secrets included: owner-only file).
  if (server.name === "local") fs.writeFileSync(E2E_LOCAL_ENV_FILE, JSON.stringify(env), { mode: 0o600 });
  const migrated = spawnSync("npx", ["tsx", "scripts/migrate.ts"], { env, stdio: "inherit" });
  if (migrated.status !== 0) throw new Error("migration failed");
  // Clear queues and progress a previous run may have left under the same prefix.
  spawnSync("sh", ["-c", `redis-cli --scan --pattern '${server.redisPrefix}:*' | xargs -r redis-cli del > /dev/null`], { stdio: "inherit" });

  const children: ChildProcess[] = [
    // The web as production runs it: Next and the co-editing websocket on one port (server.ts).
    spawn("node", ["--conditions=react-server", "--import", "tsx", "server.ts", "-p", String(server.port), "-H", "127.0.0.1"], { env, stdio: "inherit" }),
    spawn("npx", ["tsx", "--conditions=react-server", "workers/main.ts"], { env, stdio: "inherit" }),
  ];
  const stop = () => {
    for (const c of children) c.kill("SIGTERM");
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Web or worker dying makes every browser test time out; stop the run at once instead.
  for (const c of children)
    c.on("exit", (code, signal) => {
      if (signal === "SIGTERM") return;
      console.error(`e2e ${server.name}: ${c.spawnargs.slice(0, 3).join(" ")} exited with ${code ?? signal}`);
      for (const other of children) other.kill("SIGTERM");
      process.exit(1);
    });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
