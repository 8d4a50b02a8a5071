"use client";

// The API client's errors (lib/client/api.ts re-exports them): a failed call is
// an ApiError; a cancelled one rejects with a DOM AbortError.

/** A failed call: `code` is the envelope code (or the HTTP status), `key` the catalogue key from data.error. */
export class ApiError extends Error {
  code: number;
  key?: string;
  data?: unknown;
  /** HTTP status of the response, when there was one. */
  status?: number;

  constructor(code: number, message: string, opts: { key?: string; data?: unknown; status?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.key = opts.key;
    this.data = opts.data;
    this.status = opts.status;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isAbortError(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { name?: string }).name === "AbortError";
}

export function abortError(): DOMException {
  return new DOMException("The operation was aborted.", "AbortError");
}

/** What to tell the user about a failed call: its message (the catalogue's, in their language), else `fallback`. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e && typeof e === "object" && "message" in e && typeof (e as { message: unknown }).message === "string" && (e as { message: string }).message) {
    return (e as { message: string }).message;
  }
  return fallback;
}
