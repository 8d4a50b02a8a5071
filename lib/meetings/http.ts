import "server-only";
import { setTimeout as sleep } from "node:timers/promises";

/** Any failure talking to the meeting-bot provider or its media storage. */
export class MeetingProviderError extends Error {
  /** HTTP status of the answer; null when none arrived (network, timeout) or it was unusable. */
  readonly status: number | null;
  /** The start of the answer's body, for logs. */
  readonly body: string;
  /** Worth trying again later: no answer, 429 or 5xx. */
  readonly retryable: boolean;
  /** Seconds-to-wait hint from a Retry-After header, in ms. */
  readonly retryAfterMs: number | null;

  constructor(
    message: string,
    opts: { status?: number | null; body?: string; retryable?: boolean; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "MeetingProviderError";
    this.status = opts.status ?? null;
    this.body = opts.body ?? "";
    this.retryable = opts.retryable ?? false;
    this.retryAfterMs = opts.retryAfterMs ?? null;
  }
}

export interface RetryPolicy {
  /** Extra attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 10_000 };

export interface RequestOptions {
  /** Names the call in error messages, e.g. "GET bot 1234". */
  what: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Only for idempotent requests: a repeated POST could send a second bot. */
  retry?: RetryPolicy;
  /** Stands in for the global fetch (recording downloads: every hop checked, see download.ts). */
  fetch?: typeof fetch;
}

const BODY_EXCERPT_CHARS = 500;

/** A 2xx answer, retrying 429, 5xx and lost answers when a retry policy is given. */
export async function requestOk(url: string, init: RequestInit, opts: RequestOptions): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(url, init, opts);
    if (outcome instanceof Response) return outcome;
    if (!opts.retry || !outcome.retryable || attempt >= opts.retry.retries) throw outcome;
    await sleep(backoffMs(opts.retry, attempt, outcome.retryAfterMs), undefined, { signal: opts.signal });
  }
}

/** The answer when it is 2xx, else the error describing why not. */
async function attemptOnce(url: string, init: RequestInit, opts: RequestOptions): Promise<Response | MeetingProviderError> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { ...init, signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout });
  } catch (e) {
    // The caller's own cancel is not the provider's fault: let it through unchanged.
    if (opts.signal?.aborted) throw e;
    if (e instanceof MeetingProviderError) return e; // already says whether a retry can help
    const why = timeout.aborted ? `no answer within ${opts.timeoutMs} ms` : `unreachable (${describe(e)})`;
    return new MeetingProviderError(`${opts.what}: ${why}`, { retryable: true, cause: e });
  }
  return res.ok ? res : errorFromResponse(res, opts.what);
}

async function errorFromResponse(res: Response, what: string): Promise<MeetingProviderError> {
  const body = await bodyExcerpt(res);
  const retryable = res.status === 429 || res.status >= 500;
  return new MeetingProviderError(`${what}: HTTP ${res.status}${body ? ` ${body.slice(0, 200)}` : ""}`, {
    status: res.status,
    body,
    retryable,
    retryAfterMs: retryable ? retryAfterMs(res.headers.get("retry-after")) : null,
  });
}

/** The first characters of a body, without reading a large one to the end. */
async function bodyExcerpt(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < BODY_EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut short still says enough.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, BODY_EXCERPT_CHARS).trim();
}

/** JSON of a 2xx answer; a provider that sends anything else is broken, not busy. */
export async function readJson(res: Response, what: string): Promise<unknown> {
  const raw = await res.text();
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw new MeetingProviderError(`${what}: answer is not JSON`, { status: res.status, body: raw.slice(0, BODY_EXCERPT_CHARS), cause: e });
  }
}

function backoffMs(policy: RetryPolicy, attempt: number, retryAfter: number | null): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  // Jitter keeps many workers that failed together from retrying together.
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfter ?? 0));
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
  return `${e.message}${cause}`;
}
