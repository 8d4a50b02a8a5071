import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { sql } from "../account/db";
import { CORPUS, scratchDir, signIn, uploadAndOpen } from "../helpers";

// Two people at once, as a diarizing speech API reports it (tests/integration/voice-profiles-provider.test.ts proves
// the pipeline keeps the provider's overlapping segments): LJSpeech's reader talks 0-9.7 s and TIMIT's speaker says
// one sentence over her from 4.0 s. The recording is mixed here with ffmpeg, so the times are known; the embedded
// engine on this server names one speaker at a time, so the timeline is then set to the provider's two segments.
const INTERRUPTION_MS = 4000;

const active = (page: Page) => page.locator('[data-testid="transcript-entry"][data-active="true"]');

test("overlapping lines of two speakers: both shown, the highlight follows whoever is still talking, both in the SRT", async ({ page }) => {
  const a = path.join(CORPUS, "single/en_LJ001-0001.wav");
  const b = path.join(CORPUS, "single/en_LDC93S1.wav");
  const mix = path.join(scratchDir(), "interrupted.wav");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", a, "-i", b, "-filter_complex", `[1:a]adelay=${INTERRUPTION_MS}:all=1[b];[0:a][b]amix=inputs=2:duration=longest:normalize=0`, "-ar", "16000", "-ac", "1", mix]);
  const seconds = (f: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f]).toString());
  const [endA, endB] = [Math.round(seconds(a) * 1000), INTERRUPTION_MS + Math.round(seconds(b) * 1000)];

  await signIn(page, `e2e-overlap-${Date.now()}@example.com`);
  const item = await uploadAndOpen(page, "audio", mix);
  const taskId = await item.getAttribute("data-task-id");
  const speakers = await sql<{ id: string }>(`SELECT id FROM "Speaker" WHERE "taskId"=$1 ORDER BY position`, [taskId]);
  if (speakers.length < 2) speakers.push((await sql<{ id: string }>(`INSERT INTO "Speaker" (id, "taskId", label, name, position) VALUES ($1, $2, 'spk_9', 'Speaker 2', 1) RETURNING id`, [`e2e-ov-${Date.now()}`, taskId]))[0]!);
  await sql(`DELETE FROM "TimelineEntry" WHERE "taskId"=$1`, [taskId]);
  await sql(
    `INSERT INTO "TimelineEntry" (id, "taskId", position, begin, "end", text, "speakerId") VALUES
       ($1, $3, 0, 0, $4, 'Printing, in the only sense with which we are at present concerned', $6),
       ($2, $3, 1, $5, $7, 'She had your dark suit in greasy wash water all year.', $8)`,
    [`e2e-ov-a-${Date.now()}`, `e2e-ov-b-${Date.now()}`, taskId, endA, INTERRUPTION_MS, speakers[0]!.id, endB, speakers[1]!.id],
  );
  await sql(`UPDATE "Speaker" SET name = CASE position WHEN 0 THEN 'Linda' ELSE 'Tim' END WHERE "taskId"=$1`, [taskId]);
  await sql(`UPDATE "Task" SET "speakerSource"='provider' WHERE id=$1`, [taskId]);
  await page.reload();
  await page.getByTestId("task-item").filter({ hasText: "interrupted" }).getByTestId("task-open").click();

  // Both lines, each under its own speaker, Tim's starting inside Linda's.
  const lines = page.getByTestId("transcript-entry");
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId("transcript-speaker-name")).toHaveText(["Linda", "Tim"]);
  await expect(lines.nth(1)).toHaveAttribute("data-begin", String(INTERRUPTION_MS));
  await expect(page.getByTestId("speaker-source")).toHaveText("Speakers were told apart by the speech service.");

  const player = page.getByTestId("media-player");
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  const seekTo = (s: number) => player.evaluate((el: HTMLMediaElement, t: number) => (el.currentTime = t), s);
  // Inside the interruption: Tim's line. After it, while Linda goes on: hers again (it stayed on Tim's before).
  await seekTo(5);
  await expect(active(page)).toHaveAttribute("data-begin", String(INTERRUPTION_MS));
  await seekTo(8);
  await expect(active(page)).toHaveAttribute("data-begin", "0");
  await page.screenshot({ path: test.info().outputPath("overlap-1366.png") });

  // The SRT keeps both cues with their own times (players show overlapping cues together).
  await page.getByTestId("export-menu").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-srt").click()]);
  const file = path.join(scratchDir(), `overlap-${Date.now()}.srt`);
  await download.saveAs(file);
  const srt = fs.readFileSync(file, "utf8");
  expect(srt).toContain("00:00:04,000 -->");
  expect(srt).toMatch(/Linda[\s\S]*Printing[\s\S]*00:00:04,000 -->[\s\S]*Tim[\s\S]*dark suit/);
});
