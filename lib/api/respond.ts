import "server-only";
import { ZodError } from "zod";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { AppError, isAppError } from "./errors";
import { SUCCESS_CODE, type Envelope } from "./envelope";

// BigInt (file sizes) cannot go through JSON.stringify as is.
function jsonBody(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? Number(v) : v));
}

export function ok<T>(data: T, message = "ok", init?: ResponseInit): Response {
  const body: Envelope<T> = { code: SUCCESS_CODE, message, data };
  return new Response(jsonBody(body), {
    ...init,
    headers: { "content-type": "application/json; charset=utf-8", ...(init?.headers ?? {}) },
  });
}

/** Turns any thrown value into the envelope, with the message in the caller's language. */
export async function fail(error: unknown, locale: string | undefined): Promise<Response> {
  let appError: AppError;
  if (isAppError(error)) appError = error;
  else if (error instanceof ZodError) {
    const first = error.issues[0];
    appError = new AppError("common.invalidInput", { field: first?.path.join(".") || "body" }, { issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) });
  } else if (isPrismaNotFound(error)) appError = new AppError("common.notFound");
  else {
    logger.error("unhandled error", { error: error instanceof Error ? error.stack : String(error) });
    appError = new AppError("common.serverError");
  }
  const { t } = await translatorFor(locale);
  const bodyCode = appError.status;
  const httpStatus = bodyCode === 404 ? 400 : bodyCode;
  const body: Envelope<unknown> = {
    code: bodyCode,
    message: t(`errors.${appError.key}`, appError.params),
    data: { error: appError.key, ...(appError.data && typeof appError.data === "object" ? appError.data : {}) },
  };
  return new Response(jsonBody(body), { status: httpStatus, headers: { "content-type": "application/json; charset=utf-8" } });
}

function isPrismaNotFound(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: string }).code === "P2025";
}
