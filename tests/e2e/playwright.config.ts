import { defineConfig } from "playwright/test";
import { chromiumLaunchOptions, E2E_BASE_URL, E2E_SERVERS } from "./env";

// Playwright drives Debian's Chromium (no browser download) against a
// production build with a real worker, PostgreSQL and Redis (see serve.ts):
// one server on the embedded defaults, one with an AI provider and a speech API on loopback.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Three browsers on two cores: with two, the cores were a quarter idle while tests waited on the servers and the
  // worker (whole suite 12.4 min with two, 9.7 with three, 179 of 179 also with two `yes` processes beside it;
  // bench/README.md "CI time"). E2E_WORKERS=1 runs one spec file at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [["list"]],
  outputDir: "../../test-results",
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    // Recording a trace for every test cost a quarter of the suite's time on two cores (the
    // screencast and DOM snapshots of each action): off unless E2E_TRACE=1, e.g. to rerun a failure.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The app's service worker precaches ~90 static files and fetches two pages again on its first visit: a
    // cost a user pays once per device, but every test's fresh context paid it (a fifth of the browser tests'
    // CPU). Blocked unless a spec allows it: the installed-app specs (tests/e2e/pwa) and the core paths that
    // should keep running with the worker in control (sign-in and sign-out, upload to transcript).
    serviceWorkers: "block",
  },
  // Specs that need an AI provider set `test.use({ baseURL: E2E_SERVERS.ai.baseUrl })`.
  webServer: Object.values(E2E_SERVERS).map((server) => ({
    command: `npx tsx tests/e2e/serve.ts --server ${server.name}`,
    cwd: "../..",
    url: `${server.baseUrl}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});
