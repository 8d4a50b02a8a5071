"use client";

// The transport rules of API contract and error catalogue shared by every kind of call in
// lib/client/api.ts: URL and headers (bearer token never on share paths,
// X-Locale), the envelope and HTTP status handling (401 sign-out, 404 and
// network failure show the update overlay, region redirect), timeouts, and the
// messages used when the server gives none.
import { LOGIN_PATH, isShareApiPath } from "./routes";
import { STORAGE_KEYS, currentPath, readItem, removeItem, writeItem } from "./storage";
import { showUpdateOverlay } from "./update-overlay";
import { ApiError } from "./api-errors";

export const API_BASE = "";
export const API_TIMEOUT_MS = 15_000;
export const SUCCESS_CODE = 200;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Cancels the request; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Defaults to 15 s; 0 disables the timeout. */
  timeoutMs?: number;
  /** On HTTP 401: sign out and go to the login page (default true). */
  authRedirect?: boolean;
  /** On HTTP 404 or network failure: show the update overlay and never settle (default true). When false, an ApiError is thrown. */
  updateOverlay?: boolean;
  headers?: Record<string, string>;
}

// ---------------------------------------------------------------------------
// Configuration set by the shell's Providers: translations and soft navigation.

type Translate = (key: string, values?: Record<string, string | number>) => string | undefined;

const englishFallback: Record<string, string> = {
  "errors.common.unauthorized": "Unauthorized or login expired",
  "errors.common.requestDenied": "Request denied",
  "errors.common.fileTooLarge": "File size exceeds limit",
  "errors.common.requestFailed": "Request failed",
  "common.transport.httpStatus": "Request failed: {status} {statusText}",
  "common.transport.timeout": "The request timed out, please try again",
  "common.transport.emptyStream": "The server sent an empty response",
  "common.transport.network": "Network error, please check your connection",
  "common.transport.offline": "You are offline: this needs a connection",
};

let translate: Translate | null = null;
let navigate: ((href: string) => void) | null = null;
let localeOverride: string | null = null;

/** Called by the shell Providers: a translator (full keys, e.g. "errors.common.requestFailed"), a soft navigation function and the interface language. */
export function configureApiClient(config: { translate?: Translate; navigate?: (href: string) => void; locale?: string }): void {
  if (config.translate) translate = config.translate;
  if (config.navigate) navigate = config.navigate;
  if (config.locale) localeOverride = config.locale;
}

export function message(key: string, values?: Record<string, string | number>): string {
  let text: string | undefined;
  try {
    text = translate?.(key, values);
  } catch {
    text = undefined;
  }
  if (text && text !== key) return text;
  const base = englishFallback[key] ?? key;
  return base.replace(/\{(\w+)\}/g, (_m, name: string) => String(values?.[name] ?? "")).trim();
}

function currentLocale(): string {
  if (localeOverride) return localeOverride;
  if (typeof document !== "undefined" && document.documentElement.lang) return document.documentElement.lang;
  return "en";
}

// A fetch that fails because the page is being left is not a new deployment.
let unloading = false;
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => (unloading = true));
  window.addEventListener("pageshow", () => (unloading = false));
}

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

// ---------------------------------------------------------------------------
// Requests and responses.

export function buildUrl(path: string, query?: Query): string {
  let url = API_BASE + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  }
  return url;
}

export function buildHeaders(path: string, extra: Record<string, string> | undefined, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Locale": currentLocale() };
  if (json) headers["Content-Type"] = "application/json";
  if (!isShareApiPath(path)) {
    const token = readItem(STORAGE_KEYS.token);
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  return { ...headers, ...extra };
}

let redirectingToLogin = false;

/** HTTP 401 (error catalogue): clear token, user and renewal dismissal, remember where we were, go to login. */
function handleUnauthorized(): void {
  removeItem(STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.renewalDismissed);
  if (typeof window === "undefined") return;
  const here = currentPath();
  if (!window.location.pathname.startsWith(LOGIN_PATH)) writeItem(STORAGE_KEYS.returnUrl, here);
  if (redirectingToLogin || window.location.pathname.startsWith(LOGIN_PATH)) return;
  redirectingToLogin = true;
  setTimeout(() => (redirectingToLogin = false), 3000);
  if (navigate) navigate(LOGIN_PATH);
  else window.location.assign(LOGIN_PATH);
}

export function networkFailure<T>(opts: RequestOptions): Promise<T> {
  // Offline is not a new deployment: the offline banner says so (components/pwa/OfflineBanner.tsx), the call just fails.
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (offline) return Promise.reject(new ApiError(0, message("common.transport.offline"), { key: "common.offline" }));
  if (opts.updateOverlay === false) return Promise.reject(new ApiError(0, message("common.transport.network"), { key: "common.network" }));
  if (unloading) return never();
  showUpdateOverlay();
  return never();
}

function fallbackForStatus(status: number): string {
  if (status === 401) return message("errors.common.unauthorized");
  if (status === 403) return message("errors.common.requestDenied");
  if (status === 413) return message("errors.common.fileTooLarge");
  return message("errors.common.requestFailed");
}

interface EnvelopeLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function errorKey(data: unknown): string | undefined {
  if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") return (data as { error: string }).error;
  return undefined;
}

/** Applies the transport rules of error catalogue to a finished response. */
export function handleResponse<T>(status: number, statusText: string, text: string, path: string, opts: RequestOptions): Promise<T> {
  const share = isShareApiPath(path);
  const ok = status >= 200 && status < 300;

  if (status === 401 && !share && opts.authRedirect !== false) {
    handleUnauthorized();
    return Promise.reject(new ApiError(401, message("errors.common.unauthorized"), { key: "common.unauthorized", status }));
  }
  if (status === 404 && opts.updateOverlay !== false) {
    if (!unloading) showUpdateOverlay();
    return never();
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Promise.reject(new ApiError(status, message("common.transport.httpStatus", { status, statusText: statusText || "" }), { status }));
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    if (ok) return Promise.resolve(body as T);
    return Promise.reject(new ApiError(status, fallbackForStatus(status), { status }));
  }

  const env = body as EnvelopeLike;
  const code = typeof env.code === "number" ? env.code : typeof env.code === "string" && /^\d+$/.test(env.code) ? Number(env.code) : undefined;
  const serverMessage = typeof env.message === "string" && env.message ? env.message : undefined;
  const key = errorKey(env.data);

  // Region redirect (error catalogue): code 302, message redirect_required, reason country_restricted.
  if (code === 302 && serverMessage === "redirect_required") {
    const d = (env.data ?? {}) as Record<string, unknown>;
    const url = [d.url, d.redirect_url, d.redirectUrl, d.location].find((u): u is string => typeof u === "string" && u.length > 0);
    if (d.reason === "country_restricted" && url && typeof window !== "undefined") {
      window.location.href = url;
      return never();
    }
  }

  if (!ok) {
    return Promise.reject(new ApiError(code ?? status, serverMessage ?? fallbackForStatus(status), { key, data: env.data, status }));
  }
  if (code === undefined) return Promise.resolve(("data" in env ? env.data : body) as T);
  if (code === SUCCESS_CODE) return Promise.resolve(env.data as T);
  if (code === 401 && !share && opts.authRedirect !== false) {
    handleUnauthorized();
    return Promise.reject(new ApiError(401, serverMessage ?? message("errors.common.unauthorized"), { key: key ?? "common.unauthorized", data: env.data, status }));
  }
  return Promise.reject(new ApiError(code, serverMessage ?? fallbackForStatus(code), { key, data: env.data, status }));
}

/** Links an external signal and an optional timeout into one controller. */
export function linkSignals(opts: RequestOptions, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clearTimer: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      opts.signal?.removeEventListener("abort", onAbort);
    },
  };
}

export function timeoutError(): ApiError {
  return new ApiError(408, message("common.transport.timeout"), { key: "common.timeout" });
}
