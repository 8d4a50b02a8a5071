import "server-only";
import { env } from "@/lib/server/env";
import { downloadToFile, type DownloadOptions, type DownloadResult } from "./download";
import { DEFAULT_RETRY, MeetingProviderError, readJson, requestOk, type RetryPolicy } from "./http";
import { botIdFromRecall, botStateFromRecall, type BotState } from "./recall-bot";

export { MeetingProviderError } from "./http";
export type { BotState, MeetingStatus } from "./recall-bot";
export type { DownloadOptions, DownloadResult } from "./download";

/**
 * A meeting-bot service speaking the Recall.ai Bot API v1 (see docs/meetings.md).
 * Every method throws MeetingProviderError when the provider cannot be used.
 */
export interface MeetingBotProvider {
  /** Sends a bot to the meeting now. Never retried: a repeat would send a second bot. */
  createBot(input: { meetingUrl: string; botName?: string }): Promise<{ botId: string }>;
  /** Where the bot is, mapped to our meeting status; retried on 429, 5xx and lost answers. */
  getBot(botId: string): Promise<BotState>;
  /** Asks the bot to leave; the recording then finishes as if the meeting had ended. */
  leave(botId: string): Promise<void>;
  /** Streams a recordingUrl from getBot to destFile. */
  downloadRecording(url: string, destFile: string, options: DownloadOptions): Promise<DownloadResult>;
}

export interface RecallProviderConfig {
  /** Origin of the API, e.g. https://us-east-1.recall.ai (a trailing /api/v1 is accepted). */
  baseUrl: string;
  apiKey: string;
  botName?: string;
  requestTimeoutMs?: number;
  downloadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

const DEFAULT_BOT_NAME = "Tingji Notetaker";
const REQUEST_TIMEOUT_MS = 15_000;
// A three-hour meeting as 720p MP4 is a few GB; the caller's signal can end it sooner.
const DOWNLOAD_TIMEOUT_MS = 60 * 60_000;

/** The configured provider, or null when MEETING_BOT_API_URL or MEETING_BOT_API_KEY is unset. */
export function meetingBotProvider(): MeetingBotProvider | null {
  const e = env();
  const baseUrl = e.MEETING_BOT_API_URL?.trim();
  const apiKey = e.MEETING_BOT_API_KEY?.trim();
  if (!baseUrl || !apiKey) return null;
  return recallBotProvider({ baseUrl, apiKey, botName: e.MEETING_BOT_NAME });
}

export function recallBotProvider(config: RecallProviderConfig): MeetingBotProvider {
  const botsUrl = `${apiRoot(config.baseUrl)}/api/v1/bot/`;
  const botUrl = (botId: string) => `${botsUrl}${encodeURIComponent(botId)}/`;
  const headers = { Authorization: `Token ${config.apiKey}`, Accept: "application/json" };
  const timeoutMs = config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...config.retry };

  return {
    async createBot({ meetingUrl, botName }) {
      const what = "create bot";
      const body = JSON.stringify({
        meeting_url: meetingUrl,
        bot_name: botName ?? config.botName ?? DEFAULT_BOT_NAME,
        // Mixed audio is all we transcribe and far smaller than the (default) mixed video.
        recording_config: { video_mixed_mp4: {}, audio_mixed_mp3: {} },
      });
      const res = await requestOk(botsUrl, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body }, { what, timeoutMs });
      const bot = await readJson(res, what);
      const botId = botIdFromRecall(bot);
      if (!botId) throw new MeetingProviderError(`${what}: answer has no bot id`, { status: res.status, body: JSON.stringify(bot).slice(0, 500) });
      return { botId };
    },

    async getBot(botId) {
      const what = `get bot ${botId}`;
      const res = await requestOk(botUrl(botId), { method: "GET", headers }, { what, timeoutMs, retry });
      return botStateFromRecall(await readJson(res, what));
    },

    async leave(botId) {
      const res = await requestOk(`${botUrl(botId)}leave_call/`, { method: "POST", headers }, { what: `leave call ${botId}`, timeoutMs });
      await res.body?.cancel();
    },

    downloadRecording(url, destFile, options) {
      const providerHost = new URL(config.baseUrl).host; // recordings may come from the provider itself
      return downloadToFile(url, destFile, { ...options, timeoutMs: config.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS, retry, providerHost });
    },
  };
}

/** The API origin (plus any path prefix) without trailing slashes or a trailing /api/v1. */
function apiRoot(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`MEETING_BOT_API_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`MEETING_BOT_API_URL must be http(s): ${baseUrl}`);
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  return `${url.origin}${path}`;
}
