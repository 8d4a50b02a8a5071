// The response envelope of every /api route (API contract): {code, message, data}; success code 200.
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;

// BigInt (file sizes) cannot go through JSON.stringify as is.
export function jsonBody(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v));
}

/** A success answer in the envelope (routes, and the idempotency replay of lib/api-keys). */
export function ok<T>(data: T, message = "ok", init?: ResponseInit): Response {
  const body: Envelope<T> = { code: SUCCESS_CODE, message, data };
  return new Response(jsonBody(body), {
    ...init,
    headers: { "content-type": "application/json; charset=utf-8", ...(init?.headers ?? {}) },
  });
}
