import { spawnSync } from "node:child_process";
import path from "node:path";
import { DEV_AUTH_SECRET } from "./env";
import { authSecretProblem, devLoginAllowed, productionSecretProblems } from "./secrets";

const E2E_SECRET = "e2e-secret-0123456789-0123456789-0123456789";

describe("authSecretProblem", () => {
  it.each([
    [undefined, "missing"],
    ["", "missing"],
    ["   ", "missing"],
    [DEV_AUTH_SECRET, "missing"],
    ["secret", "short"],
    ["changeme", "short"],
    ["0123456789abcdefghijklmnopqrstu", "short"], // 31 characters
    ["change-me-please-to-a-long-random-string", "wellKnown"],
    ["CHANGE-ME-PLEASE-TO-A-LONG-RANDOM-STRING", "wellKnown"],
    ["please-replace-me-with-something-random-and-long", "wellKnown"],
    ["your-secret-here-your-secret-here-your-secret", "wellKnown"],
    ["a".repeat(64), "wellKnown"],
    ["ab".repeat(32), "wellKnown"],
    ["12345678".repeat(5), "wellKnown"],
    ["aaaabbbbccccaaaabbbbccccaaaabbbbcccc", "wellKnown"], // three distinct characters
  ])("%j is %s", (secret, problem) => {
    expect(authSecretProblem(secret)).toBe(problem);
  });

  it.each([
    ["what npm run setup writes", "Vd3kQ9_sLw0pZr7aXm2NcB8yT4uHj6FeGoK1iE5tRbY"],
    ["openssl rand -base64 48", "q8V0m1b3tC9yK2pZr7Xw4LhN6sD5eJfGuA0iO+/TQkMnBvcRzWyEx1Hl2Ps3Ua4Y"],
    ["the browser tests' secret", E2E_SECRET],
  ])("accepts %s", (_name, secret) => {
    expect(authSecretProblem(secret)).toBeNull();
  });
});

describe("productionSecretProblems", () => {
  it("checks only in production, and says what to do", () => {
    expect(productionSecretProblems({ NODE_ENV: "development", AUTH_SECRET: DEV_AUTH_SECRET })).toEqual([]);
    expect(productionSecretProblems({ NODE_ENV: "test", AUTH_SECRET: "x" })).toEqual([]);
    const [problem] = productionSecretProblems({ NODE_ENV: "production", AUTH_SECRET: "secret" });
    expect(problem).toMatch(/shorter than 32/);
    expect(problem).toMatch(/openssl rand -base64 48/);
    expect(productionSecretProblems({ NODE_ENV: "production", AUTH_SECRET: E2E_SECRET })).toEqual([]);
  });
});

describe("devLoginAllowed", () => {
  it("is off in production unless explicitly allowed", () => {
    expect(devLoginAllowed({ NODE_ENV: "development", ALLOW_DEV_LOGIN_IN_PRODUCTION: false })).toBe(true);
    expect(devLoginAllowed({ NODE_ENV: "test", ALLOW_DEV_LOGIN_IN_PRODUCTION: false })).toBe(true);
    expect(devLoginAllowed({ NODE_ENV: "production", ALLOW_DEV_LOGIN_IN_PRODUCTION: false })).toBe(false);
    expect(devLoginAllowed({ NODE_ENV: "production", ALLOW_DEV_LOGIN_IN_PRODUCTION: true })).toBe(true);
  });
});

describe("the worker at start", () => {
  // The real worker entry, started as npm start and docker-compose start it; it must stop
  // before touching Redis or PostgreSQL, with the fix printed.
  function startWorker(secret: string | undefined) {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", REDIS_URL: "redis://127.0.0.1:1", DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none" };
    delete env.AUTH_SECRET;
    if (secret !== undefined) env.AUTH_SECRET = secret;
    const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
    return spawnSync(tsx, ["--conditions=react-server", "workers/main.ts"], { env, encoding: "utf8", timeout: 60_000 });
  }

  it.each([
    ["missing", undefined, /not set/],
    ["short", "too-short", /shorter than 32/],
    ["well known", "change-me-please-to-a-long-random-string", /published or guessable/],
  ])("refuses a %s AUTH_SECRET in production", (_name, secret, reason) => {
    const run = startWorker(secret);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/\[worker\] refusing to start/);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr).toMatch(/openssl rand/);
  }, 60_000);
});
