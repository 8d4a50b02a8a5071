import path from "node:path";

// Settings shared by the Playwright config, the server it starts and the specs.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3311);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? "var/e2e");
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/tingji_e2e";
export const E2E_REDIS_PREFIX = process.env.E2E_REDIS_PREFIX ?? "tingji_e2e";
export const CORPUS = path.resolve(process.cwd(), "../shared/corpus");

export const chromiumLaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
};
