import "server-only";
import type { NextRequest } from "next/server";
import type { ZodType } from "zod";
import { programCaller } from "@/lib/api-keys/caller";
import { authenticate, type Caller } from "@/lib/auth/session";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { chooseLocale, isLocale, localeCookie, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translate } from "@/lib/i18n/server";
import { metrics, routePattern } from "@/lib/server/metrics-registry";
import { requestIdFrom, withRequestId } from "@/lib/server/request-context";
import { regionRedirect } from "./region-gate";
import { AppError } from "@/lib/server/errors";
import { readCappedBody } from "@/lib/server/capped-body";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limit";
import { fail, ok } from "./respond";

interface Context<P, Q, B, C> {
  req: NextRequest;
  caller: C;
  params: P;
  query: Q;
  body: B;
  locale: Locale;
  edition: Edition;
  t: Translate;
}

/**
 * "user": a signed-in session; "optional": anyone. "read" and "write" are the public API's
 * (/api/v1): an API key with that scope, or a session; metered per key (RateLimit headers).
 */
type AuthMode = "user" | "optional" | "read" | "write";

interface RouteDef<P, Q, B, A extends AuthMode> {
  auth: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** JSON body schema; multipart routes read req themselves and leave this out. */
  body?: ZodType<B>;
  /** Largest JSON body in bytes, enforced while reading (default DEFAULT_BODY_LIMIT_BYTES). */
  bodyLimitBytes?: number;
  handler: (ctx: Context<P, Q, B, A extends "optional" ? Caller | null : Caller>) => Promise<unknown>;
}

/**
 * The wrapper every /api route uses: works out edition and language, checks
 * who is asking, parses params, query and body with zod, runs the handler and
 * puts its result (or its error) in the {code, message, data} envelope.
 * A handler may return a Response of its own (streams, media).
 */
export function apiRoute<P = unknown, Q = unknown, B = unknown, A extends AuthMode = "user">(def: RouteDef<P, Q, B, A>) {
  const answer = async (req: NextRequest, routeCtx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    // Restricted regions get body code 302 redirect_required (error catalogue; lib/verify/region.ts).
    const restricted = await regionRedirect(req);
    if (restricted) return restricted;
    const edition = editionOfRequest(req.headers);
    const asked = req.headers.get("x-locale") ?? req.cookies.get(localeCookie)?.value;
    let locale = chooseLocale({ edition, chosen: asked, browser: req.headers.get("accept-language") });
    let limits: Record<string, string> = {};
    try {
      let caller: Caller | null;
      if (def.auth === "read" || def.auth === "write") {
        const keyed = await programCaller(req.headers.get("authorization"), def.auth, { locale, edition });
        caller = keyed.caller;
        limits = rateLimitHeaders(keyed.meter);
        if (!keyed.meter.allowed) throw new AppError("common.rateLimited", { seconds: keyed.meter.resetSec });
      } else caller = await authenticate(req.headers.get("authorization"), { locale, edition });
      if (!caller && def.auth !== "optional") throw new AppError("common.unauthorized");
      if (caller && !isLocale(asked)) locale = chooseLocale({ edition, chosen: caller.user.uiLanguage, browser: null });
      const params = def.params ? def.params.parse(await routeCtx.params) : ((await routeCtx.params) as P);
      const query = def.query ? def.query.parse(Object.fromEntries(req.nextUrl.searchParams)) : (undefined as Q);
      const body = def.body ? def.body.parse(await readJson(req, def.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES)) : (undefined as B);
      const { t } = await translatorFor(locale);
      const result = await def.handler({ req, caller: caller as never, params, query, body, locale, edition, t });
      return withHeaders(result instanceof Response ? result : ok(result ?? null), limits);
    } catch (error) {
      return withHeaders(await fail(error, locale), limits);
    }
  };
  // Every answer carries its request id (accepted from x-request-id, else new; it follows queued jobs to the
  // worker's logs) and is timed per route for /api/metrics (docs/operations.md).
  return async (req: NextRequest, routeCtx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const requestId = requestIdFrom(req.headers.get("x-request-id"));
    const started = performance.now();
    const res = await withRequestId(requestId, () => answer(req, routeCtx));
    if (!res.headers.has("x-request-id")) {
      try {
        res.headers.set("x-request-id", requestId);
      } catch {
        // A Response with immutable headers (a fetched one passed through) keeps its own.
      }
    }
    const params = await Promise.resolve(routeCtx?.params).catch(() => undefined);
    metrics().httpLatency.observe({ method: req.method, route: routePattern(req.nextUrl.pathname, params), status: String(res.status) }, (performance.now() - started) / 1000);
    return res;
  };
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) {
    try {
      res.headers.set(name, value);
    } catch {
      // A Response with immutable headers (a fetched one passed through) keeps its own.
    }
  }
  return res;
}

const MB = 1024 * 1024;

/** The JSON body cap of every route that names none (docs/architecture.md, "Request limits"). */
export const DEFAULT_BODY_LIMIT_BYTES = 1 * MB;

/**
 * Reads a JSON body chunk by chunk and stops at `limitBytes` (413), so a huge
 * body is never held whole. Bytes that are not UTF-8 and cut-off bodies are a
 * 400; so is text that is not JSON. An empty body is {}.
 */
export async function readJson(req: Request, limitBytes: number): Promise<unknown> {
  const body = await readCappedBody(req, limitBytes, {
    tooLarge: () => new AppError("common.bodyTooLarge", { limitMb: Math.max(1, Math.round(limitBytes / MB)) }),
    broken: () => new AppError("common.malformedRequest"),
  });
  if (!body || body.length === 0) return {};
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new AppError("common.malformedRequest");
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("common.invalidInput", { field: "body" });
  }
}
