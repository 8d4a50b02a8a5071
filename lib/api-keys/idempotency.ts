import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { ok } from "@/lib/server/envelope";
import { Prisma, prisma } from "@/lib/server/prisma";

// Idempotency-Key on the public API's create calls (docs/api.md "Idempotency"): the first request
// with a key runs; a retry with the same key gets the first answer again, so it creates one task and
// charges once. The record is a row keyed by user and key, inserted before the work starts, so of
// concurrent duplicates exactly one runs (the others hear idempotency.inProgress, 409, and retry).
// A request that failed leaves no record: its retry runs again. Records last a day.

const KEEP_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_HEADER = "idempotency-key";

export async function idempotent(userId: string, req: Request, body: unknown, run: () => Promise<unknown>): Promise<unknown> {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return run();
  if (!KEY_PATTERN.test(key)) throw new AppError("idempotency.keyInvalid");
  const path = new URL(req.url).pathname;
  const fingerprint = createHash("sha256").update(`${req.method} ${path} ${body === undefined ? "" : JSON.stringify(body)}`).digest("hex");
  await prisma.idempotentRequest.deleteMany({ where: { userId, key, createdAt: { lt: new Date(Date.now() - KEEP_MS) } } });
  const inserted = await prisma.$executeRaw`INSERT INTO "IdempotentRequest" ("userId", "key", "fingerprint") VALUES (${userId}, ${key}, ${fingerprint}) ON CONFLICT DO NOTHING`;
  if (inserted === 0) {
    const first = await prisma.idempotentRequest.findUnique({ where: { userId_key: { userId, key } } });
    if (!first) throw new AppError("idempotency.inProgress");
    if (first.fingerprint !== fingerprint) throw new AppError("idempotency.keyReused");
    if (first.response === null) throw new AppError("idempotency.inProgress");
    return ok(first.response, "ok", { headers: { "idempotent-replayed": "true" } });
  }
  try {
    const result = await run();
    const stored = JSON.parse(JSON.stringify(result ?? null, (_k, v) => (typeof v === "bigint" ? Number(v) : v))) as Prisma.InputJsonValue;
    await prisma.idempotentRequest.update({ where: { userId_key: { userId, key } }, data: { response: stored, httpStatus: 200 } });
    return result;
  } catch (e) {
    // Nothing was made (or the failure is the caller's to fix): the key is free for a retry.
    await prisma.idempotentRequest.delete({ where: { userId_key: { userId, key } } }).catch(() => undefined);
    throw e;
  }
}

/** The sweep's part: records past their day go. */
export async function purgeIdempotencyRecords(): Promise<number> {
  return (await prisma.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - KEEP_MS) } } })).count;
}
