// The spoken language of a recording: the choices the browser offers and the
// rule the server applies (docs/speech-languages.md). Browser-safe: no server imports.
import { locales } from "@/lib/i18n/locales";

/** "Detect automatically": the engine finds the language itself, where it can. */
export const DETECT_LANGUAGE = "auto";

/**
 * The languages a recording may be said to be in (ISO 639-1, as OpenAI-compatible
 * speech APIs take them): the interface languages first, then a few common others.
 */
export const SPOKEN_LANGUAGES: readonly string[] = [...locales, "pt", "ar", "hi", "nl", "tr", "vi", "id", "th", "pl", "uk"];

/** A stored or requested choice: one of SPOKEN_LANGUAGES, or DETECT_LANGUAGE. */
export type SpokenLanguage = string;

export function isSpokenLanguage(value: unknown): value is SpokenLanguage {
  return typeof value === "string" && (value === DETECT_LANGUAGE || SPOKEN_LANGUAGES.includes(value));
}

/** What the server's speech engine can do, as GET /api/transcription/speech-config answers it. */
export interface SpeechLanguageSupport {
  /** "embedded": the built-in offline engine; "service": an OpenAI-compatible speech service. */
  engine: "embedded" | "service";
  /** The languages it recognises; null: any of SPOKEN_LANGUAGES. */
  languages: string[] | null;
  /** Whether it can find the language by itself ("Detect automatically"). */
  detect: boolean;
}

/** Whether an engine with this support can transcribe a recording said to be in `language`. */
export function engineHears(support: SpeechLanguageSupport, language: SpokenLanguage): boolean {
  if (language === DETECT_LANGUAGE) return support.detect;
  return support.languages === null || support.languages.includes(language);
}

/** The choice a new recording starts with: the interface language (every one of them is a spoken language too). */
export function defaultSpokenLanguage(locale: string): SpokenLanguage {
  return SPOKEN_LANGUAGES.includes(locale) ? locale : "en";
}

/**
 * Scripts that point to one spoken language. Kana comes before Han (Japanese names mix kanji and
 * kana), and Ukrainian's own letters before the rest of Cyrillic.
 */
const NAME_SCRIPTS: readonly [RegExp, SpokenLanguage][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Han}/u, "zh"],
  [/[іїєґІЇЄҐ]/u, "uk"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Arabic}/u, "ar"],
  [/\p{Script=Thai}/u, "th"],
  [/\p{Script=Devanagari}/u, "hi"],
];

/**
 * The language the files' names are written in, when their script names one and all the named files
 * agree: a recording called 会议记录.m4a is most likely Chinese speech. Latin names say nothing (English,
 * French and Vietnamese share the alphabet), so they give null, as do names that disagree.
 */
export function languageFromFileNames(names: readonly string[]): SpokenLanguage | null {
  let found: SpokenLanguage | null = null;
  for (const name of names) {
    const stem = name.replace(/\.[^.]*$/, "");
    const language = NAME_SCRIPTS.find(([script]) => script.test(stem))?.[1];
    if (!language) continue;
    if (found && found !== language) return null;
    found = language;
  }
  return found;
}

/**
 * A dialog's language before the user picks one: the interface language, unless the files' names are
 * written in another language's script. Then that language is proposed, or "Detect automatically" where
 * the engine can detect (a name is a hint, not proof); on the built-in engine the proposal makes the
 * dialog warn, and one click on English answers it.
 */
export function proposedSpokenLanguage(locale: string, fileNames: readonly string[], support: SpeechLanguageSupport | null): { language: SpokenLanguage; fromFileNames: boolean } {
  const interfaceLanguage = defaultSpokenLanguage(locale);
  const named = languageFromFileNames(fileNames);
  if (named === null || named === interfaceLanguage) return { language: interfaceLanguage, fromFileNames: false };
  return { language: support?.detect ? DETECT_LANGUAGE : named, fromFileNames: true };
}
