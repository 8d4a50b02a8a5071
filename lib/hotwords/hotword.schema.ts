import { z } from "zod";
import { safeId, safeText, trimBlanks } from "@/lib/server/text";

// Hotword rules (validation rules): not empty; at most 15 Chinese characters or 7
// English words; at most 500 per user; batch input is one per line. Plain
// code, shared by the browser (instant checks) and the server.

export const MAX_HOTWORDS = 500;
export const MAX_CHINESE_CHARS = 15;
export const MAX_ENGLISH_WORDS = 7;

const HAN = /\p{Script=Han}/u;

export type HotwordLanguage = "zh" | "en";
export type HotwordProblem = "empty" | "tooLong";

export function hotwordLanguage(text: string): HotwordLanguage {
  return HAN.test(text) ? "zh" : "en";
}

/** Checks one hotword; Chinese ones count characters (spaces aside), others count words. */
export function checkHotword(raw: string): { ok: true; text: string; language: HotwordLanguage } | { ok: false; problem: HotwordProblem } {
  const text = trimBlanks(raw.replace(/\s+/g, " "));
  if (!text) return { ok: false, problem: "empty" };
  const language = hotwordLanguage(text);
  const tooLong = language === "zh" ? [...text.replace(/\s/g, "")].length > MAX_CHINESE_CHARS : text.split(" ").length > MAX_ENGLISH_WORDS || text.length > 100;
  return tooLong ? { ok: false, problem: "tooLong" } : { ok: true, text, language };
}

/** The lines of a batch, trimmed, blank lines and repeats left out. */
export function batchLines(input: string): string[] {
  return [...new Set(input.split(/\r?\n/).map((l) => trimBlanks(l.replace(/\s+/g, " "))).filter(Boolean))];
}

export const hotwordIdParams = z.object({ id: safeId });
export const createHotwordBody = z.object({ text: safeText({ max: 200 }) });
export const batchHotwordsBody = z.object({ texts: safeText({ max: 100_000, multiline: true }) });
export const updateHotwordBody = z.object({ enabled: z.boolean().optional(), text: safeText({ max: 200 }).optional() });
