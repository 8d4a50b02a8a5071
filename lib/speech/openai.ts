import "server-only";
import fs from "node:fs";
import OpenAI from "openai";
import type { KnownSpeaker, SpeechEngine, SpeechResult, SpeechSegment, SpeechWord, TranscribeOptions } from "./types";

export interface OpenAiEngineConfig {
  /** e.g. https://api.openai.com/v1, https://api.groq.com/openai/v1, http://127.0.0.1:8080/v1 */
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** Per request; a 10-minute chunk takes well under this on any hosted service. */
  timeoutMs?: number;
  maxRetries?: number;
}

/** OpenAI's diarizing models (gpt-4o-transcribe-diarize) answer diarized_json: segments with a speaker each. */
export function isDiarizingModel(model: string): boolean {
  return /diariz/i.test(model);
}

/** The API takes at most 4 known speakers. */
export const MAX_KNOWN_SPEAKERS = 4;

/**
 * Any server that speaks OpenAI's POST /audio/transcriptions with
 * response_format=verbose_json: OpenAI, Groq, faster-whisper servers, the
 * whisper.cpp server. Hotwords go in as the prompt, which Whisper models use
 * as spelling context. A diarizing model is asked for diarized_json instead,
 * with the owner's known speakers (names and reference clips); it takes no
 * prompt, and needs chunking_strategy for audio over 30 s.
 */
export function openAiEngine(cfg: OpenAiEngineConfig): SpeechEngine {
  const client = new OpenAI({
    baseURL: cfg.baseURL,
    // Self-hosted servers need no key, but the SDK refuses to start without one.
    apiKey: cfg.apiKey || "no-key",
    timeout: cfg.timeoutMs ?? 10 * 60_000,
    maxRetries: cfg.maxRetries ?? 2,
  });
  const where = cfg.baseURL ?? "api.openai.com";
  return {
    name: "openai",
    model: cfg.model,
    // Whisper-style services take a `language` field and detect the language when it is left out.
    detectsLanguage: true,
    diarizes: isDiarizingModel(cfg.model),
    // ≤ 10 minutes keeps a 16 kHz mono WAV at ≤ 19.2 MB, under the 25 MB upload cap.
    chunking: { targetChunkSec: 480, maxChunkSec: 600 },
    async transcribe(wavPath: string, o: TranscribeOptions): Promise<SpeechResult> {
      let body: unknown;
      try {
        body = isDiarizingModel(cfg.model)
          ? await client.audio.transcriptions.create(
              {
                file: fs.createReadStream(wavPath),
                model: cfg.model,
                response_format: "diarized_json",
                chunking_strategy: "auto",
                ...(o.language ? { language: o.language } : {}),
                ...knownSpeakerFields(o.knownSpeakers),
              },
              { signal: o.signal },
            )
          : await client.audio.transcriptions.create(
              {
                file: fs.createReadStream(wavPath),
                model: cfg.model,
                response_format: "verbose_json",
                timestamp_granularities: ["segment"],
                ...(o.language ? { language: o.language } : {}),
                ...(o.hotwords?.length ? { prompt: hotwordPrompt(o.hotwords) } : {}),
              },
              { signal: o.signal },
            );
      } catch (e) {
        if (o.signal?.aborted) throw e;
        throw new Error(`speech API ${where} failed: ${describe(e)}`, { cause: e });
      }
      return toResult(body, where);
    },
  };
}

function knownSpeakerFields(known: KnownSpeaker[] | undefined) {
  const list = (known ?? []).slice(0, MAX_KNOWN_SPEAKERS);
  return list.length ? { known_speaker_names: list.map((k) => k.name), known_speaker_references: list.map((k) => k.reference) } : {};
}

/** Whisper reads only the last ~224 tokens of a prompt; keep it well inside that. */
function hotwordPrompt(hotwords: string[]): string {
  let prompt = "";
  for (const w of hotwords.map((h) => h.trim()).filter(Boolean)) {
    const next = prompt ? `${prompt}, ${w}` : w;
    if (next.length > 600) break;
    prompt = next;
  }
  return prompt;
}

interface VerboseSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  words?: { start?: unknown; end?: unknown; word?: unknown }[];
  /** diarized_json only. */
  speaker?: unknown;
}

function toResult(raw: unknown, where: string): SpeechResult {
  let body = raw;
  // Some servers send JSON as text/plain; anything else is not an answer.
  if (typeof raw === "string") {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new Error(`speech API ${where} returned non-JSON: ${JSON.stringify(raw.slice(0, 120))}`);
    }
  }
  if (!body || typeof body !== "object") throw new Error(`speech API ${where} returned an empty or invalid response`);
  const b = body as { language?: unknown; text?: unknown; duration?: unknown; segments?: unknown };
  const language = languageCode(b.language);
  if (Array.isArray(b.segments)) {
    const segments: SpeechSegment[] = [];
    for (const s of b.segments as VerboseSegment[]) {
      const text = typeof s.text === "string" ? s.text.trim() : "";
      if (!text) continue;
      const words: SpeechWord[] | undefined = Array.isArray(s.words)
        ? s.words.filter((w) => typeof w.word === "string").map((w) => ({ begin: ms(w.start), end: ms(w.end), text: String(w.word).trim() }))
        : undefined;
      const speaker = typeof s.speaker === "string" && s.speaker.trim() ? s.speaker.trim() : undefined;
      segments.push({ begin: ms(s.start), end: ms(s.end), text, ...(words?.length ? { words } : {}), ...(speaker ? { speaker } : {}) });
    }
    return { language, segments };
  }
  // A server that ignored verbose_json: keep the text as one segment.
  if (typeof b.text === "string") {
    const text = b.text.trim();
    return { language, segments: text ? [{ begin: 0, end: ms(b.duration), text }] : [] };
  }
  throw new Error(`speech API ${where} returned JSON without segments or text`);
}

function ms(seconds: unknown): number {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : 0;
}

// verbose_json names the language in English ("english"); we store ISO 639-1 codes.
const WHISPER_CODES = "en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt ln ha ba jw su yue haw".split(" ");
let byName: Map<string, string> | undefined;

function languageCode(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const v = value.trim().toLowerCase();
  if (WHISPER_CODES.includes(v)) return v;
  if (!byName) {
    const names = new Intl.DisplayNames(["en"], { type: "language" });
    byName = new Map(WHISPER_CODES.map((c) => [String(names.of(c)).toLowerCase(), c]));
    byName.set("mandarin", "zh").set("cantonese", "yue").set("javanese", "jw").set("nynorsk", "nn");
  }
  return byName.get(v) ?? v;
}

function describe(e: unknown): string {
  if (e instanceof OpenAI.APIConnectionTimeoutError) return "timed out";
  if (e instanceof OpenAI.APIConnectionError) return `could not connect (${e.cause instanceof Error ? e.cause.message : e.message})`;
  if (e instanceof OpenAI.APIError) return `HTTP ${e.status ?? "?"}: ${e.message}`;
  if (e instanceof SyntaxError) return `invalid JSON (${e.message})`;
  return e instanceof Error ? e.message : String(e);
}
