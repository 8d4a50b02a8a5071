import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { expect, type Page } from "playwright/test";
import { tokenFor, type Challenge } from "../helpers/altcha-token";
import { CORPUS, E2E_SERVERS, serverOf, type E2eServer } from "./env";

export { CORPUS };

/** The newest login link mailed to `email` (the app writes mail to the outbox when no SMTP is set). */
export async function latestLoginLink(email: string, after = 0, server: E2eServer = E2E_SERVERS.local): Promise<string> {
  const dir = path.join(server.dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email.replace(/[^a-z0-9@._-]/gi, "_"))) : [];
    const fresh = files.map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).mtimeMs > after).sort();
    if (fresh.length) {
      const mail = JSON.parse(fs.readFileSync(fresh.at(-1)!, "utf8")) as { text: string };
      const url = mail.text.match(/https?:\/\/\S+/)?.[0];
      if (url) return url.replace(/^https?:\/\/[^/]+/, server.baseUrl);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no login mail for ${email}`);
}

/** Signs in through the login page and the emailed link, as a person does; ends on the app home. `server` names
 *  whose outbox to read and where the link points (default: the server the page is on). For specs whose subject is
 *  the login page; the others use signIn. */
export async function signInThroughLoginPage(page: Page, email: string, server?: E2eServer) {
  await page.goto("/transcribe/login");
  const before = Date.now() - 1;
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-link-sent")).toBeVisible();
  return openLoginLink(page, await latestLoginLink(email, before, server ?? serverOf(page.url())));
}

/**
 * Signs in with the emailed link, asked for through the API as the login page asks (a solved ALTCHA challenge, then
 * /api/auth/email/send), and opened in the page; ends on the app home. Loading the login page only to fill one field
 * cost every test a page load and a proof-of-work in Chromium (127 sign-ins); the login page has its own specs
 * (tests/e2e/auth, tests/e2e/verify).
 */
export async function signIn(page: Page, email: string, server?: E2eServer) {
  const before = Date.now() - 1;
  const setup = await page.request.get("/api/verify/challenge");
  const { data } = (await setup.json()) as { data: { challenge: Challenge } };
  const sent = await page.request.post("/api/auth/email/send", { data: { email, origin: "transcribe", turnstile_token: await tokenFor(data.challenge) } });
  expect(((await sent.json()) as { code: number }).code).toBe(200);
  return openLoginLink(page, await latestLoginLink(email, before, server ?? serverOf(setup.url())));
}

async function openLoginLink(page: Page, link: string) {
  await page.goto(link);
  // A phone-sized page is sent on to the mobile home.
  await expect(page.getByTestId("transcribe-home").or(page.getByTestId("mobile-home"))).toBeVisible();
  return link;
}

/**
 * A China edition account in this page: signs in through the (international) login page, makes the account
 * one of the China edition in the server's database (as if it had been made there: accounts belong to their
 * edition, docs/auth.md "Editions keep accounts apart"), then sends the page's requests to the China edition
 * (a ".cn" host, as a proxy forwards it).
 */
export async function signInChina(page: Page, email: string, server?: E2eServer) {
  const link = await signIn(page, email, server);
  const db = new Client({ connectionString: (server ?? serverOf(page.url())).databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE "User" SET edition = 'china' WHERE email = $1`, [email.toLowerCase()]);
  } finally {
    await db.end();
  }
  await page.setExtraHTTPHeaders({ "x-forwarded-host": "tingji.cn" });
  return link;
}

/** Picks files in the upload dialog opened from the add-options menu. */
export async function openUpload(page: Page, kind: "audio" | "video") {
  await page.getByTestId("add-options-button").click();
  await page.getByTestId(`add-option-${kind}`).click();
  await expect(page.getByTestId("upload-dropzone")).toBeVisible();
}

let scratch: string | null = null;
/** A scratch folder for files the tests make (never inside the corpus). */
export function scratchDir(): string {
  scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), "tingji-e2e-"));
  return scratch;
}

/** An MP4 (H.264 + AAC) made from the corpus's GRID video clip. */
export function gridMp4(): string {
  const out = path.join(scratchDir(), "grid-talk.mp4");
  if (!fs.existsSync(out)) {
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", out]);
  }
  return out;
}

/** Uploads one file from the add-options menu, opens its task and waits for its transcript. */
export async function uploadAndOpen(page: Page, kind: "audio" | "video", file: string) {
  await openUpload(page, kind);
  await page.getByTestId("upload-file-input").setInputFiles(file);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: path.parse(file).name }).first();
  await expect(item).toBeVisible();
  await item.getByTestId("task-open").click();
  // Live status: the list item moves through the worker's states to completed.
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
  return item;
}

/** Adds a document from pasted text through the add-options menu; `text`'s first line is its title. */
export async function pasteDocument(page: Page, text: string) {
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await page.getByTestId("document-tab-paste").click();
  await page.getByTestId("document-text-input").fill(text);
  await page.getByTestId("document-submit").click();
  await page.getByTestId("document-confirm").click();
}

export interface Announcement {
  title: string;
  body: string;
}

/** Init script (page.addInitScript): wraps window.Notification so the test can see what was announced (the real one still runs). */
export function recordNotifications() {
  const Real = window.Notification;
  const shown: Announcement[] = [];
  (window as unknown as { __notifications: Announcement[] }).__notifications = shown;
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? "" });
      super(title, options);
    }
  }
  Object.defineProperty(Recording, "permission", { get: () => Real.permission });
  Object.defineProperty(Recording, "requestPermission", { value: (...args: Parameters<typeof Real.requestPermission>) => Real.requestPermission(...args) });
  Object.defineProperty(window, "Notification", { value: Recording, configurable: true, writable: true });
}

/** What the page announced since recordNotifications was installed. */
export function announcements(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => (window as unknown as { __notifications: Announcement[] }).__notifications);
}

/**
 * Where a documentation screenshot goes: docs/screenshots when E2E_DOC_SHOTS=1 (to refresh the
 * pictures docs link to), else test-results/doc-shots, so an ordinary test run leaves the tree clean.
 */
export function docShot(name: string): string {
  const root = path.resolve(__dirname, "../..");
  const dir = process.env.E2E_DOC_SHOTS === "1" ? path.join(root, "docs/screenshots") : path.join(root, "test-results/doc-shots");
  return path.join(dir, name);
}
