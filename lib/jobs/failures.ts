import "server-only";
import OpenAI from "openai";
import { ZodError } from "zod";
import { isAppError } from "@/lib/server/errors";
import { LinkFetchError } from "@/lib/links/fetch-error";
import { MediaError } from "@/lib/media/ffmpeg";
import { errorChain, isServiceOutage } from "@/lib/server/outage";
import { PermanentTaskError } from "./task-errors";

export { isServiceOutage };

/**
 * The one place that says whether a job failure is worth retrying.
 *   permanent: retrying cannot mend it (undecodable media, a malformed payload,
 *     the provider's content policy, a private video, a catalogue error);
 *     the job fails at once with `code`'s message (tasks.failure.<code>).
 *   transient: network trouble, 5xx, 429, a timeout; retried with backoff and
 *     jitter (retryBackoff in contract.ts). When the attempts run out the task ends with
 *     `code` (a link's own message for a site that could not be reached).
 */
export type FailureClass =
  | { kind: "permanent"; code: string; suggestions: string[] }
  /** `outage`: PostgreSQL or Redis could not be reached; nothing is wrong with the job (workers/run-job.ts waits it out). */
  | { kind: "transient"; code: string; suggestions: string[]; outage?: true };

const GENERIC: string[] = ["checkNetwork", "retryLater", "contactSupport"];
const NETWORK_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ECONNABORTED", "ETIMEDOUT", "EAI_AGAIN", "ENOTFOUND", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT"]);

export function classifyFailure(error: unknown): FailureClass {
  if (isServiceOutage(error)) return { kind: "transient", code: "transcription_failed", suggestions: GENERIC, outage: true };
  for (const e of errorChain(error)) {
    if (e instanceof PermanentTaskError) return { kind: "permanent", code: e.code, suggestions: [...e.suggestions] };
    if (e instanceof LinkFetchError) return { kind: e.retryable ? "transient" : "permanent", code: e.code, suggestions: [...e.suggestions] };
    if (e instanceof MediaError) return { kind: "permanent", code: "media_unreadable", suggestions: ["checkFileLink", "clearerAudio"] };
    if (e instanceof ZodError) return { kind: "permanent", code: "job_invalid", suggestions: ["retryLater", "contactSupport"] };
    if (isAppError(e)) return { kind: "permanent", code: "transcription_failed", suggestions: GENERIC };
    if (e instanceof OpenAI.APIError && !(e instanceof OpenAI.APIConnectionError)) return classifyHttp(e.status, e.message, e.code);
    if (e instanceof OpenAI.APIConnectionError) return transient();
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return transient();
  }
  return transient();
}

/** An HTTP answer from a provider: 408, 425, 429 and 5xx are worth another try; other 4xx are not. */
export function classifyHttp(status: number | undefined, message = "", code?: string | null): FailureClass {
  if (isContentPolicy(message, code)) return { kind: "permanent", code: "content_policy", suggestions: ["checkFileLink", "contactSupport"] };
  if (status === undefined || status === 408 || status === 425 || status === 429 || status >= 500) return transient();
  return { kind: "permanent", code: "transcription_failed", suggestions: ["contactSupport", "retryLater"] };
}


function transient(): FailureClass {
  return { kind: "transient", code: "transcription_failed", suggestions: GENERIC };
}

function isContentPolicy(message: string, code?: string | null): boolean {
  return code === "content_policy_violation" || code === "content_filter" || /content[ _-]?(policy|filter|management)|safety system/i.test(message);
}


/**
 * The error a final failure is recorded with: a PermanentTaskError carrying the
 * classified code and suggestions, which markTranscriptionFailed shows as is.
 */
export function finalTaskError(error: unknown): PermanentTaskError {
  if (error instanceof PermanentTaskError) return error;
  const failure = classifyFailure(error);
  const final = new PermanentTaskError(failure.code, failure.suggestions);
  final.cause = error;
  return final;
}
