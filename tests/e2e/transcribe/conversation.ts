import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "playwright/test";
import { CORPUS, openUpload, scratchDir } from "../helpers";

// Conversations with outside references for the speaker specs: an RTTM file's turns, or corpus clips of known
// readers joined here, whose extents are the reference; and the transcript's lines as the page shows them.

export type Turn = { speaker: string; start: number; end: number };
export type Line = { index: number; begin: number; end: number; speakerId: string };

/** Reference turns of an RTTM file, in ms. */
export function rttm(file: string): Turn[] {
  return fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/))
    .map((f) => ({ speaker: f[7]!, start: Math.round(Number(f[3]) * 1000), end: Math.round((Number(f[3]) + Number(f[4])) * 1000) }));
}

/** Single-speaker corpus clips joined with 0.6 s pauses; the clips' extents are the reference. */
export function conversation(name: string, clips: { reader: string; file: string }[]): { wav: string; reference: Turn[] } {
  const wav = path.join(scratchDir(), `${name}.wav`);
  const inputs = clips.flatMap((c) => ["-i", path.join(CORPUS, "single", c.file)]);
  const padded = clips.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=0.6[p${i}]`).join(";");
  const filter = `${padded};${clips.map((_, i) => `[p${i}]`).join("")}concat=n=${clips.length}:v=0:a=1[a]`;
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...inputs, "-filter_complex", filter, "-map", "[a]", "-ar", "16000", "-ac", "1", wav]);
  let at = 0;
  const reference = clips.map((c) => {
    const sec = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path.join(CORPUS, "single", c.file)]).toString());
    const turn = { speaker: c.reader, start: Math.round(at * 1000), end: Math.round((at + sec) * 1000) };
    at += sec + 0.6;
    return turn;
  });
  return { wav, reference };
}

/** The transcript's lines with the speaker each is shown under. */
export function lines(page: Page): Promise<Line[]> {
  return page.getByTestId("transcript-entry").evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute("data-entry-index")),
      begin: Number(el.getAttribute("data-begin")),
      end: Number(el.getAttribute("data-end")),
      speakerId: el.closest("[data-testid=transcript-group]")?.getAttribute("data-speaker-id") ?? "",
    })),
  );
}

/** The reference speaker who talks most within a line. */
export function referenceOf(line: Line, reference: Turn[]): string | null {
  let best: string | null = null;
  let most = 0;
  for (const r of reference) {
    const shared = Math.min(r.end, line.end) - Math.max(r.start, line.begin);
    if (shared > most) [best, most] = [r.speaker, shared];
  }
  return best;
}

/** Reference speaker → the shown speakers of their lines. */
export function heardBy(all: Line[], reference: Turn[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const line of all) {
    const ref = referenceOf(line, reference);
    if (ref) map.set(ref, (map.get(ref) ?? new Set()).add(line.speakerId));
  }
  return map;
}

/** Each reference speaker's lines carry one shown speaker, and no two reference speakers share one. */
export function expectOneToOne(all: Line[], reference: Turn[]) {
  const map = heardBy(all, reference);
  expect([...map.keys()].sort()).toEqual([...new Set(reference.map((r) => r.speaker))].sort());
  for (const ids of map.values()) expect(ids.size).toBe(1);
  expect(new Set([...map.values()].map((ids) => [...ids][0])).size).toBe(map.size);
}

/** Uploads an English recording (optionally saying how many speak) and waits for its transcript, on a phone or a desktop. */
export async function uploadEnglish(page: Page, file: string, speakerCount?: string) {
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(file);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  // English speech (a Chinese interface proposes Chinese, which the embedded engine refuses).
  await page.getByTestId("upload-language").selectOption("en");
  if (speakerCount) await page.getByTestId("upload-speaker-count").selectOption(speakerCount);
  await page.getByTestId("upload-submit").click();
  if ((page.viewportSize()?.width ?? 1366) < 640) {
    // The phone opens the new task at once.
    await expect(page.getByTestId("mobile-task")).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  } else {
    const item = page.getByTestId("task-item").filter({ hasText: path.parse(file).name }).first();
    await item.getByTestId("task-open").click();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  }
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
}
