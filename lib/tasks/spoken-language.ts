import "server-only";
import { AppError } from "@/lib/server/errors";
import { speechEngine, languageSupportOf } from "@/lib/speech/engine";
import type { SpeechEngine } from "@/lib/speech/types";
import { defaultSpokenLanguage, DETECT_LANGUAGE, engineHears, isSpokenLanguage, type SpeechLanguageSupport, type SpokenLanguage } from "@/lib/speech/languages";

/**
 * The spoken language of a recording (docs/speech-languages.md): given with the
 * upload, link or meeting (`spoken_language`), the interface language when not
 * given, stored on the task and handed to the engine. A start the configured
 * engine cannot hear (any language but English, or "detect", on the built-in
 * engine) is refused before anything is stored or charged.
 */

/** The request's `spoken_language`: absent or "" mean the caller's interface language; anything unknown is refused. */
export function spokenLanguageField(value: string | undefined, locale: string): SpokenLanguage {
  const v = value?.trim().toLowerCase();
  if (!v) return defaultSpokenLanguage(locale);
  if (!isSpokenLanguage(v)) throw new AppError("tasks.spokenLanguageInvalid");
  return v;
}

/** Whether `engine` can transcribe a task stored with this language; tasks from before it was asked (null) run as they always did. */
export function engineCanHear(engine: SpeechEngine, stored: string | null): boolean {
  return stored === null || engineHears(languageSupportOf(engine), stored);
}

/** Refuses a start the configured engine cannot transcribe, with the catalogue message in the caller's language. */
export function assertEngineHears(language: SpokenLanguage | null): void {
  if (!engineCanHear(speechEngine(), language)) throw new AppError("tasks.spokenLanguageUnsupported");
}

/** The stored value as the engine takes it: a language code, or nothing to let it detect (or use its own). */
export function engineLanguageOf(stored: string | null): string | undefined {
  return stored && stored !== DETECT_LANGUAGE && isSpokenLanguage(stored) ? stored : undefined;
}

/** GET /api/transcription/speech-config: what the browser offers and warns about before an upload, link or meeting. */
export function speechLanguageConfig(): SpeechLanguageSupport {
  return languageSupportOf(speechEngine());
}
