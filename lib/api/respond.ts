import "server-only";
import { ZodError } from "zod";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { isServiceOutage } from "@/lib/server/outage";
import { AppError, errorCatalogue, isAppError, type ErrorKey } from "@/lib/server/errors";
import { jsonBody, type Envelope } from "@/lib/server/envelope";

export { ok } from "@/lib/server/envelope";

/** Turns any thrown value into the envelope, with the message in the caller's language. */
export async function fail(error: unknown, locale: string | undefined): Promise<Response> {
  let appError: AppError;
  if (isAppError(error)) appError = error;
  else if (error instanceof ZodError) appError = fromZod(error);
  else if (isPrismaNotFound(error)) appError = new AppError("common.notFound");
  else if (isRefusedText(error)) appError = new AppError("common.malformedRequest");
  else if (isServiceOutage(error)) {
    logger.error("database or Redis unreachable", { error: error instanceof Error ? error.message : String(error) });
    appError = new AppError("common.serviceUnavailable");
  } else {
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
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  // Rate-limit refusals say when to come back (lib/rate-limit/rate-limit.ts).
  if (appError.status === 429 && typeof appError.params.seconds === "number") headers["retry-after"] = String(appError.params.seconds);
  return new Response(jsonBody(body), { status: httpStatus, headers });
}

const MAX_ISSUES_SHOWN = 20;

/**
 * Any zod failure is a 400 in the caller's language. A refinement may name its
 * own catalogue key in `params.key` (lib/server/text.ts does, for control characters).
 */
function fromZod(error: ZodError): AppError {
  const first = error.issues[0];
  const field = first?.path.join(".") || "body";
  const named = first?.code === "custom" ? (first.params as { key?: string } | undefined)?.key : undefined;
  const key: ErrorKey = named && named in errorCatalogue && errorCatalogue[named as ErrorKey] === 400 ? (named as ErrorKey) : "common.invalidInput";
  // A huge array can fail on every item: the first few issues say enough.
  const issues = error.issues.slice(0, MAX_ISSUES_SHOWN).map((i) => ({ path: i.path.join("."), message: i.message }));
  return new AppError(key, { field }, { issues });
}

// PostgreSQL codes for text it refuses: invalid byte sequence (NUL) and untranslatable character.
const REFUSED_TEXT_CODES = new Set(["22021", "22P05"]);
type DriverCause = { code?: string; originalCode?: string; kind?: string };

function driverCause(e: unknown): DriverCause | undefined {
  const meta = (e as { meta?: { driverAdapterError?: { cause?: DriverCause } } }).meta;
  return meta?.driverAdapterError?.cause ?? (e as { cause?: DriverCause }).cause;
}

function isRefusedText(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const cause = driverCause(e);
  return REFUSED_TEXT_CODES.has(cause?.originalCode ?? "") || REFUSED_TEXT_CODES.has(cause?.code ?? "");
}

function isPrismaNotFound(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: string }).code === "P2025";
}
