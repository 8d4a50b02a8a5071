import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request id that follows one piece of work from web to job to worker
 * (docs/operations.md "Request ids"): apiRoute opens a context per request,
 * enqueue copies the id into the job's data, the worker's runner reopens it,
 * and every log line inside carries it.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

/** An id a client or proxy sent us is kept only when it is short and plain (it lands in logs). */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | null | undefined): string {
  return header && ACCEPTED_ID.test(header) ? header : randomUUID();
}

export function withRequestId<T>(requestId: string, run: () => T): T {
  return store.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
