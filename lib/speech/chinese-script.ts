import "server-only";
import { Converter } from "opencc-js/t2cn";
import type { SpeechResult } from "./types";

// Whisper-style services often write Mandarin in Traditional characters, or in a mix of both scripts within one
// recording (a top complaint in peers' trackers). Our Chinese is Simplified (the interface, the China edition), so a
// Chinese transcript is brought into Simplified characters with OpenCC's Traditional → mainland table
// (docs/speech-languages.md "One script for Chinese"). Characters already Simplified stay as they are.

let convert: ((text: string) => string) | undefined;

/** `text` in Simplified Chinese characters; Latin letters, digits and punctuation untouched. */
export function simplifiedChinese(text: string): string {
  convert ??= Converter({ from: "t", to: "cn" });
  return convert(text);
}

/**
 * Whether a chunk's text is Chinese to write in Simplified characters: the owner said the recording is Chinese, or
 * (left to detect) the service heard Chinese. Japanese kanji are never touched (知識 is not 知识), and Cantonese
 * ("yue") keeps the Traditional characters it is written in.
 */
export function isMandarinText(spoken: string | undefined, detected: string | undefined): boolean {
  if (spoken && spoken !== "auto") return spoken === "zh";
  return detected === "zh";
}

/** One engine answer with its Chinese text (segments and words) in Simplified characters, when it is Mandarin. */
export function inSimplifiedChinese(result: SpeechResult, spoken: string | undefined): SpeechResult {
  if (!isMandarinText(spoken, result.language)) return result;
  return {
    ...result,
    segments: result.segments.map((s) => ({
      ...s,
      text: simplifiedChinese(s.text),
      ...(s.words ? { words: s.words.map((w) => ({ ...w, text: simplifiedChinese(w.text) })) } : {}),
    })),
  };
}
