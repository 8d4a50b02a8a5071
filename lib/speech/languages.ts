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
