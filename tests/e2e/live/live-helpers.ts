import path from "node:path";
import { expect, type Page } from "playwright/test";
import { CORPUS, chromiumLaunchOptions } from "../env";

/**
 * Chromium playing a corpus WAV as the microphone (and as a shared tab's audio: with the fake
 * UI, getDisplayMedia picks a fake screen whose audio track is the fake audio device).
 * `%noloop` plays the clip once, then silence. `fakeUi: false` leaves the permission prompt
 * to headless Chromium, which denies it.
 */
export function fakeCaptureLaunch(clip: string, { fakeUi = true } = {}) {
  return {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      ...(fakeUi ? ["--use-fake-ui-for-media-stream"] : []),
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${path.isAbsolute(clip) ? clip : path.join(CORPUS, clip)}%noloop`,
      // Recording goes on in a background tab or a hidden window as it would for a user.
      "--disable-background-timer-throttling",
      "--disable-renderer-backgrounding",
    ],
  };
}

/** Opens "Record" from the add-options menu (desktop) or the main button (phone) and starts it. */
export async function startRecording(page: Page, source: "mic" | "tab" | "mix" = "mic") {
  const main = page.getByTestId("live-record-main");
  if (await main.isVisible()) await main.click();
  else {
    await page.getByTestId("add-options-button").click();
    await page.getByTestId("add-option-record").click();
  }
  await expect(page.getByTestId("live-dialog")).toBeVisible();
  const choice = page.getByTestId(`live-source-${source}`);
  if (await choice.count()) await choice.check();
  await page.getByTestId("live-language").selectOption("en");
  await page.getByTestId("live-start").click();
  await expect(page.getByTestId("live-recording")).toBeVisible();
}

/** Seconds recorded, as the recording view counts them (samples captured). */
export async function elapsed(page: Page): Promise<number> {
  return Number(await page.getByTestId("live-elapsed").getAttribute("data-seconds"));
}

export async function waitRecorded(page: Page, seconds: number) {
  await expect.poll(() => elapsed(page), { timeout: (seconds + 30) * 1000, intervals: [250] }).toBeGreaterThanOrEqual(seconds);
}

export interface TaskJson {
  id: string;
  status: string;
  duration: number | null;
  source?: string;
  timeline: { index: number; begin: number; end: number; text: string }[];
  highlights: { id: string; atSec: number }[];
}

/** The API answer for a task, with the page's own sign-in. */
export async function taskJson(page: Page, id: string): Promise<TaskJson> {
  return page.evaluate(async (taskId) => {
    const res = await fetch(`/api/transcription/tasks/${taskId}`, { headers: { Authorization: `Bearer ${localStorage.getItem("auth:token")}` } });
    return ((await res.json()) as { data: TaskJson }).data;
  }, id);
}

/** Stops, waits for the new task to open, and for its pipeline to finish; returns its id and the recorded seconds shown at stop. */
export async function stopAndFinish(page: Page): Promise<{ taskId: string; recordedSec: number }> {
  // The recorded time keeps counting until the capture is flushed after the click: keep the last value shown.
  await page.evaluate(() => {
    const w = window as unknown as { __liveElapsed?: number };
    const timer = setInterval(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="live-elapsed"]');
      if (el) w.__liveElapsed = Number(el.dataset.seconds);
      else clearInterval(timer);
    }, 20);
  });
  await page.getByTestId("live-stop").click();
  await expect(page.getByTestId("live-dialog")).toBeHidden({ timeout: 60_000 });
  const recordedSec = await page.evaluate(() => (window as unknown as { __liveElapsed: number }).__liveElapsed);
  await expect.poll(() => new URL(page.url()).searchParams.get("task"), { timeout: 30_000 }).not.toBeNull();
  const taskId = new URL(page.url()).searchParams.get("task")!;
  await expect.poll(async () => (await taskJson(page, taskId)).status, { timeout: 150_000, intervals: [1000] }).toBe("completed");
  return { taskId, recordedSec };
}

/** The account's tasks from a live recording. */
export async function liveTasks(page: Page): Promise<{ id: string; source?: string; duration: number | null }[]> {
  return page.evaluate(async () => {
    const res = await fetch(`/api/transcription/tasks?page=1&page_size=50`, { headers: { Authorization: `Bearer ${localStorage.getItem("auth:token")}` } });
    const items = ((await res.json()) as { data: { items: { id: string; source?: string; duration: number | null }[] } }).data.items;
    return items.filter((t) => t.source === "live");
  });
}
