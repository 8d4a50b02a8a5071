import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { announcements, CORPUS, openUpload, recordNotifications, signIn } from "../helpers";

// The phone's home shares the desktop's state: a transcription that finishes while the list is open is
// announced (tests/e2e/analysis/notifications.spec.ts checks the desktop's), and the minutes used are
// fetched again, because finishing corrects the task's charge to its decoded length (or refunds it).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, permissions: ["notifications"] });

/**
 * Order of what the page fetched: list answers (in order of arrival, marked once their body shows the task
 * completed) and usage requests. Each entry is pushed when its event fires, before the page reads the body.
 */
function recordFetches(page: Page, title: string) {
  const seen: { kind: "list" | "usage"; completed?: boolean }[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/usage") seen.push({ kind: "usage" });
  });
  page.on("response", (res) => {
    if (new URL(res.url()).pathname !== "/api/transcription/tasks") return;
    const entry: { kind: "list"; completed?: boolean } = { kind: "list" };
    seen.push(entry);
    void res
      .json()
      .then((body: { data?: { items?: { title: string; status: string }[] } }) => {
        entry.completed = Boolean(body.data?.items?.some((t) => t.title === title && t.status === "completed"));
      })
      .catch(() => undefined);
  });
  /** Whether the usage was requested after the first list answer that showed the task completed. */
  return () => {
    const done = seen.findIndex((e) => e.kind === "list" && e.completed);
    return done >= 0 && seen.slice(done + 1).some((e) => e.kind === "usage");
  };
}

test("a transcription finishing on the phone is announced and the minutes used are fetched again", async ({ page }) => {
  await page.addInitScript(recordNotifications);
  await signIn(page, "e2e-phone-home-events@example.com");
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  const usageAfterCompletion = recordFetches(page, "en_jfk");

  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await page.getByTestId("upload-submit").click();
  // The phone opens the new task at once; the list behind it keeps polling.
  const task = page.getByTestId("mobile-task");
  await expect(task).toHaveAttribute("data-status", "completed", { timeout: 120_000 });

  await expect.poll(() => announcements(page)).toContainEqual({ title: "Transcription complete", body: "“en_jfk” has been transcribed." });
  // A usage request after the first list answer that showed the task completed.
  await expect.poll(usageAfterCompletion).toBe(true);

  // The account panel shows the server's figure.
  const token = await page.evaluate(() => localStorage.getItem("auth:token"));
  const usage = await (await page.request.get("/api/usage", { headers: { authorization: `Bearer ${token}` } })).json();
  await page.getByTestId("mobile-back").click();
  await page.getByTestId("account-open").click();
  await expect(page.getByTestId("account-usage")).toHaveAttribute("data-used", String(usage.data.usedMinutes));
});
