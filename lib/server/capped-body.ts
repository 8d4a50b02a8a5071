import "server-only";

/**
 * Reads a request body up to `limit` bytes, never more into memory: a declared or actual size over the limit
 * throws `tooLarge()`, a broken stream `broken()`. Null when the request has no body. Used by the route wrapper's
 * JSON bodies and live recording's raw chunks.
 */
export async function readCappedBody(req: Request, limit: number, errors: { tooLarge: () => Error; broken: () => Error }): Promise<Buffer | null> {
  if (Number(req.headers.get("content-length") ?? NaN) > limit) throw errors.tooLarge();
  if (!req.body) return null;
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw errors.broken();
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw errors.tooLarge();
    }
    parts.push(step.value);
  }
  return Buffer.concat(parts, size);
}
