import path from "node:path";

// Settings shared by the Playwright config, the servers it starts and the specs.
// Two app servers run side by side, each with its own database, Redis prefix and data folder:
//  - "local": the embedded defaults (no AI provider: the local analyzer answers);
//  - "ai":    an OpenAI-compatible AI provider, the fake one in tests/helpers/fake-openai.ts, and an
//             OpenAI-compatible speech API that really listens (tests/helpers/listening-speech.ts).
export interface E2eServer {
  name: "local" | "ai";
  port: number;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  redisPrefix: string;
}

function server(name: E2eServer["name"], port: number, suffix: string): E2eServer {
  return {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir: path.resolve(`var/e2e${suffix}`),
    databaseUrl: `postgresql://postgres@127.0.0.1:5432/tingji_e2e${suffix.replace("-", "_")}`,
    redisPrefix: `tingji_e2e${suffix.replace("-", "_")}`,
  };
}

export const E2E_SERVERS = {
  local: server("local", Number(process.env.E2E_PORT ?? 3311), ""),
  ai: server("ai", Number(process.env.E2E_AI_PORT ?? 3321), "-ai"),
} as const;

/** The fake OpenAI-compatible chat API the "ai" server talks to. */
export const E2E_FAKE_AI_PORT = 3313;
/** The "ai" server's OpenAI-compatible speech API on loopback (tests/helpers/listening-speech.ts). */
export const E2E_AI_SPEECH_PORT = 3322;
/** The Chinese clip that speech API hears in Traditional characters, as Whisper-style services often write Mandarin. */
export const E2E_TRADITIONAL_CLIP = { file: "zh/zh_aishell_BAC009S0724W0121.wav", heard: "廣州市房地產中介協會分析" };
/** The fake meeting-bot provider and the loopback video site of the "local" server. */
export const E2E_FAKE_MEETING_BOT_PORT = 3312;
export const E2E_VIDEO_SITE_PORT = 3314;
/** The loopback Stripe server of the "local" server (tests/helpers/loopback-stripe.ts); the "ai" server has no card payment. */
export const E2E_STRIPE_PORT = 3315;
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2e_payments";
/** The loopback Alipay gateway of the "local" server (tests/helpers/loopback-alipay.ts); the "ai" server has no Alipay. */
export const E2E_ALIPAY_PORT = 3316;
export const E2E_ALIPAY_APP_ID = "2021000000000e2e";
/** The key pairs the "local" server was started with; the specs sign notifies with "Alipay's" private key from it. */
export const E2E_ALIPAY_KEYS_FILE = path.resolve("var/e2e-alipay-keys.json");
/** The loopback SMS proxy of the "local" server (tests/helpers/loopback-sms.ts); specs read texted codes from it. */
export const E2E_SMS_PORT = 3318;
/** A China-edition host (".cn") the browser resolves to the local server: Chromium maps *.cn to 127.0.0.1 below. */
export const E2E_CHINA_BASE_URL = `http://tingji.cn:${Number(process.env.E2E_PORT ?? 3311)}`;
/** The "ai" server on a China host: it has no SMS proxy, so its China edition signs in by email link (tests/e2e/auth). */
export const E2E_CHINA_AI_BASE_URL = `http://tingji.cn:${Number(process.env.E2E_AI_PORT ?? 3321)}`;
/** The loopback OpenID Connect provider standing in for Google on the "local" server (tests/helpers/loopback-oidc.ts). */
export const E2E_OIDC_PORT = 3317;
/** A loopback webhook receiver that the developers spec runs itself; the "local" server may deliver to it (WEBHOOK_TEST_HOSTS). */
export const E2E_WEBHOOK_RECEIVER_PORT = 3319;
export const E2E_GOOGLE_CLIENT_ID = "tingji-e2e";
export const E2E_GOOGLE_CLIENT_SECRET = "loopback-oidc-e2e-secret-0123456789";
/** Restricted regions on the "local" server (tests/e2e/verify): requests whose X-Country is this are sent here. */
export const E2E_RESTRICTED_COUNTRY = "KP";
export const E2E_REGION_REDIRECT_URL = "https://region.example.test/restricted";

export const E2E_PORT = E2E_SERVERS.local.port;
export const E2E_BASE_URL = E2E_SERVERS.local.baseUrl;
export const E2E_DATA_DIR = E2E_SERVERS.local.dataDir;
export const CORPUS = path.resolve(process.cwd(), "../shared/corpus");

/** The server a page talks to, from its address. */
export function serverOf(url: string): E2eServer {
  const port = Number(new URL(url).port);
  return Object.values(E2E_SERVERS).find((s) => s.port === port) ?? E2E_SERVERS.local;
}

export const chromiumLaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
    // The China edition is chosen by host: *.cn resolves to the local server, and that plain-http origin counts as
    // secure (as https would in production) so WebCrypto, which the human check's proof-of-work uses, is there.
    "--host-resolver-rules=MAP *.cn 127.0.0.1",
    `--unsafely-treat-insecure-origin-as-secure=${E2E_CHINA_BASE_URL},${E2E_CHINA_AI_BASE_URL}`,
  ],
};
/** A push service on loopback that tests/e2e/pwa runs itself (the servers honour it as PUSH_TEST_HOSTS). */
export const E2E_PUSH_PORT = 3341;
export const E2E_DATABASE_URL = E2E_SERVERS.local.databaseUrl;
/** The "local" server's whole environment, written by serve.ts, so that a spec can start a second web process like it. */
export const E2E_LOCAL_ENV_FILE = path.resolve("var/e2e-local-env.json");
/** tests/e2e/scale: a second web process of the "local" server, and the load balancer in front of both. */
export const E2E_SECOND_WEB_PORT = 3331;
export const E2E_PROXY_PORT = 3330;
