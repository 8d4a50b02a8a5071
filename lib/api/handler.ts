import "server-only";
import type { NextRequest } from "next/server";
import type { ZodType } from "zod";
import { authenticate, type Caller } from "@/lib/auth/session";
import { editionForHost, type Edition } from "@/lib/edition/edition";
import { chooseLocale, isLocale, localeCookie, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translate } from "@/lib/i18n/server";
import { env } from "@/lib/server/env";
import { AppError } from "./errors";
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

interface RouteDef<P, Q, B, A extends "user" | "optional"> {
  auth: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** JSON body schema; multipart routes read req themselves and leave this out. */
  body?: ZodType<B>;
  handler: (ctx: Context<P, Q, B, A extends "user" ? Caller : Caller | null>) => Promise<unknown>;
}

/**
 * The wrapper every /api route uses: works out edition and language, checks
 * who is asking, parses params, query and body with zod, runs the handler and
 * puts its result (or its error) in the {code, message, data} envelope.
 * A handler may return a Response of its own (streams, media).
 */
export function apiRoute<P = unknown, Q = unknown, B = unknown, A extends "user" | "optional" = "user">(def: RouteDef<P, Q, B, A>) {
  return async (req: NextRequest, routeCtx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const edition = editionForHost(req.headers.get("x-forwarded-host") ?? req.headers.get("host"), env().EDITION, env().CHINA_HOSTS);
    const asked = req.headers.get("x-locale") ?? req.cookies.get(localeCookie)?.value;
    let locale = chooseLocale({ edition, chosen: asked, browser: req.headers.get("accept-language") });
    try {
      const caller = await authenticate(req.headers.get("authorization"), { locale, edition });
      if (!caller && def.auth === "user") throw new AppError("common.unauthorized");
      if (caller && !isLocale(asked)) locale = chooseLocale({ edition, chosen: caller.user.uiLanguage, browser: null });
      const params = def.params ? def.params.parse(await routeCtx.params) : ((await routeCtx.params) as P);
      const query = def.query ? def.query.parse(Object.fromEntries(req.nextUrl.searchParams)) : (undefined as Q);
      const body = def.body ? def.body.parse(await readJson(req)) : (undefined as B);
      const { t } = await translatorFor(locale);
      const result = await def.handler({ req, caller: caller as never, params, query, body, locale, edition, t });
      return result instanceof Response ? result : ok(result ?? null);
    } catch (error) {
      return fail(error, locale);
    }
  };
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("common.invalidInput", { field: "body" });
  }
}
