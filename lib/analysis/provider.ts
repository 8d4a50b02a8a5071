import "server-only";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { env } from "@/lib/server/env";

/**
 * Any OpenAI-compatible chat API (OpenAI, DeepSeek, Qwen, Ollama, vLLM, ...)
 * through the official SDK. Configured by AI_BASE_URL, AI_API_KEY and
 * AI_MODEL; null when neither a base URL nor a key is set, and the local
 * analyzer takes over.
 */
export interface ChatProvider {
  /** "openai:<model>", recorded on every result it produces. */
  name: string;
  complete(messages: ChatCompletionMessageParam[], opts?: { json?: boolean; signal?: AbortSignal }): Promise<string>;
  stream(messages: ChatCompletionMessageParam[], opts?: { signal?: AbortSignal }): AsyncIterable<string>;
}

export type ChatMessages = ChatCompletionMessageParam[];

/** A provider that did not answer within AI_TIMEOUT_MS. */
export class ProviderTimeoutError extends Error {
  constructor() {
    super("the AI provider did not answer in time");
    this.name = "ProviderTimeoutError";
  }
}

/**
 * Runs one provider call under our own deadline (as well as the caller's
 * signal), so a timeout is told apart from any other failure whatever the SDK
 * calls it.
 */
async function withDeadline<T>(timeoutMs: number, outer: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  try {
    return await call(signal);
  } catch (e) {
    if (deadline.aborted && !outer?.aborted) throw new ProviderTimeoutError();
    throw e;
  }
}

/** A provider that answered, but not with what was asked (empty, cut off, not JSON). */
export class ProviderOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderOutputError";
  }
}

export function chatProvider(): ChatProvider | null {
  const e = env();
  if (!e.AI_BASE_URL && !e.AI_API_KEY) return null;
  return openAiChatProvider({ baseURL: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS, maxRetries: e.AI_MAX_RETRIES });
}

export function openAiChatProvider(cfg: { baseURL?: string; apiKey?: string; model: string; timeoutMs: number; maxRetries: number }): ChatProvider {
  const client = new OpenAI({
    baseURL: cfg.baseURL,
    // Self-hosted servers (Ollama, vLLM) need no key, but the SDK refuses to start without one.
    apiKey: cfg.apiKey || "no-key",
    // Our own deadline (withDeadline) comes first; the SDK's is a backstop.
    timeout: cfg.timeoutMs + 5_000,
    maxRetries: cfg.maxRetries,
  });
  return {
    name: `openai:${cfg.model}`,
    async complete(messages, opts = {}) {
      const res = await withDeadline(cfg.timeoutMs, opts.signal, (signal) =>
        client.chat.completions.create({ model: cfg.model, messages, temperature: 0.3, ...(opts.json ? { response_format: { type: "json_object" as const } } : {}) }, { signal }),
      );
      const choice = res.choices?.[0];
      const text = choice?.message?.content?.trim() ?? "";
      if (!text) throw new ProviderOutputError("the AI provider returned an empty answer");
      if (choice?.finish_reason === "length") throw new ProviderOutputError("the AI provider's answer was cut off");
      return text;
    },
    async *stream(messages, opts = {}) {
      // The deadline covers the wait for the first piece; a long answer may then take its time.
      const stream = await withDeadline(cfg.timeoutMs, opts.signal, (signal) => client.chat.completions.create({ model: cfg.model, messages, temperature: 0.3, stream: true }, { signal }));
      for await (const chunk of stream) {
        const piece = chunk.choices?.[0]?.delta?.content;
        if (piece) yield piece;
      }
    },
  };
}

/** The JSON object in a model's answer, tolerating a ```json fence around it. */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced ? fenced[1]! : text).trim();
  const start = body.search(/[[{]/);
  if (start < 0) throw new ProviderOutputError("the AI provider's answer holds no JSON");
  try {
    return JSON.parse(body.slice(start));
  } catch {
    throw new ProviderOutputError("the AI provider's answer is not valid JSON");
  }
}
