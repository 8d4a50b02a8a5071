import "server-only";
import { AppError, type ErrorKey } from "@/lib/server/errors";
import { VIDEO_PLATFORM_HOST_LABEL } from "./link.schema";
import { shownMinutesOfSeconds } from "@/lib/format/minutes";

/**
 * Why fetching a video-platform link failed. Each code is a task failure code
 * (messages: tasks.failure.<code>) and maps to one API error key.
 */
export const linkFailures = {
  link_private: { key: "links.privateVideo", suggestions: ["checkFileLink"], retryable: false },
  link_unavailable: { key: "links.unavailable", suggestions: ["checkFileLink"], retryable: false },
  link_sign_in: { key: "links.signInRequired", suggestions: ["retryLater", "contactSupport"], retryable: false },
  link_geo_blocked: { key: "links.geoBlocked", suggestions: ["contactSupport"], retryable: false },
  link_live_not_finished: { key: "links.liveNotFinished", suggestions: ["retryLater"], retryable: false },
  link_too_long: { key: "links.tooLong", suggestions: ["checkFileLink"], retryable: false },
  link_too_large: { key: "links.tooLarge", suggestions: ["checkFileLink"], retryable: false },
  link_blocked: { key: "links.host", suggestions: ["checkFileLink"], retryable: false },
  // Our server could not reach the site (or was refused): the user's own network is not the cause.
  link_network: { key: "links.unreachable", suggestions: ["retryLater", "downloadAndUpload"], retryable: true },
  link_fetch_failed: { key: "links.fetchFailed", suggestions: ["retryLater", "contactSupport"], retryable: true },
  link_not_configured: { key: "links.notConfigured", suggestions: ["contactSupport"], retryable: false },
} as const satisfies Record<string, { key: ErrorKey; suggestions: readonly string[]; retryable: boolean }>;

export type LinkFailureCode = keyof typeof linkFailures;

/**
 * A failed probe or download. `retryable` says whether the job's retries can
 * help (network trouble) or the task should fail at once (private video, ...).
 * `detail` keeps the tool's own message for the logs; it is never shown to users.
 */
export class LinkFetchError extends Error {
  readonly code: LinkFailureCode;
  readonly key: ErrorKey;
  readonly suggestions: string[];
  readonly retryable: boolean;
  readonly params: Record<string, string | number>;

  constructor(code: LinkFailureCode, opts: { detail?: string; params?: Record<string, string | number> } = {}) {
    super(opts.detail ? `${code}: ${opts.detail}` : code);
    this.name = "LinkFetchError";
    const failure = linkFailures[code];
    this.code = code;
    this.key = failure.key;
    this.suggestions = [...failure.suggestions];
    this.retryable = failure.retryable;
    // links.host reads "Only links from {host} or youtu.be are supported".
    this.params = { ...(code === "link_blocked" ? { host: VIDEO_PLATFORM_HOST_LABEL } : {}), ...opts.params };
  }

  /** The same failure as an API error, for routes that probe a link while the user waits. */
  toAppError(): AppError {
    return new AppError(this.key, this.params);
  }
}

/** The video is longer than the user's plan allows for one recording (links.tooLong {minutes, limit}). */
export function videoTooLongError(durationSec: number, limitSeconds: number): LinkFetchError {
  return new LinkFetchError("link_too_long", { params: { minutes: shownMinutesOfSeconds(durationSec), limit: shownMinutesOfSeconds(limitSeconds) } });
}
