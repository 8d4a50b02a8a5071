import { defineConfig } from "playwright/test";
import { chromiumLaunchOptions, E2E_BASE_URL } from "./env";

// Playwright drives Debian's Chromium (no browser download) against a
// production build with a real worker, PostgreSQL and Redis (see serve.ts).
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "../../test-results",
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "npx tsx tests/e2e/serve.ts",
    cwd: "../..",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
