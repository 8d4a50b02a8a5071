import "server-only";
import { env } from "@/lib/server/env";
import type { SpeechLanguageSupport } from "./languages";
import { openAiEngine } from "./openai";
import { pocketsphinxEngine } from "./pocketsphinx";
import type { SpeechEngine } from "./types";

/**
 * The configured engine: an OpenAI-compatible server when SPEECH_ENGINE=openai
 * or SPEECH_API_BASE_URL is set (unless SPEECH_ENGINE=pocketsphinx says
 * otherwise), else the embedded pocketsphinx engine, so a fresh install
 * transcribes offline with no configuration.
 */
export function speechEngine(): SpeechEngine {
  const e = env();
  if (e.SPEECH_ENGINE !== "pocketsphinx" && (e.SPEECH_ENGINE === "openai" || e.SPEECH_API_BASE_URL)) {
    return openAiEngine({ baseURL: e.SPEECH_API_BASE_URL, apiKey: e.SPEECH_API_KEY, model: e.SPEECH_MODEL, maxRetries: e.SPEECH_API_MAX_RETRIES });
  }
  return pocketsphinxEngine();
}

/** For the health route: which engine and model a transcription would use. */
export function describeSpeechEngine(): { name: string; model: string } {
  const engine = speechEngine();
  return { name: engine.name, model: engine.model ?? "unknown" };
}

/** Which spoken languages an engine takes, for the browser (GET /api/transcription/speech-config) and the checks before a start. */
export function languageSupportOf(engine: SpeechEngine): SpeechLanguageSupport {
  return { engine: engine.embedded ? "embedded" : "service", languages: engine.languages ? [...engine.languages] : null, detect: engine.detectsLanguage ?? false };
}
