import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { chooseLocale, localeCookie } from "@/lib/i18n/locales";
import { AppError } from "@/lib/server/errors";
import { fail } from "./respond";

// A path whose percent-escapes do not decode (`%ZZ`, a lone `%`, `%C0%AF` that is not UTF-8) made
// Next's router throw a plain URIError while matching dynamic segments, which it answered with a
// bare text/plain 500. server.ts asks here first, for every request and every dynamic segment at
// once: the API answers 400 with the envelope (common.malformedRequest, in the caller's language)
// and pages the not-found page. docs/architecture.md "Request limits" lists it with the other guards.

/** The path part of a request target (no query, no fragment). */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Whether some segment of the path does not percent-decode to text. */
export function hasMalformedEscape(url: string | undefined): boolean {
  const path = pathOf(url ?? "/");
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Where a page request with a malformed path is sent instead: a path no page or route has, so Next
 * renders its not-found page (404) through its usual pipeline (proxy.ts's CSP, next.config.ts's headers).
 */
export const MALFORMED_PATH_PAGE = "/_malformed-path";

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function cookieOf(req: IncomingMessage, name: string): string | null {
  for (const part of (headerOf(req, "cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/**
 * Answers a request whose path does not decode: /api paths get the 400 envelope here; any other
 * path goes on to `next` as MALFORMED_PATH_PAGE, which Next answers with its not-found page.
 */
export async function answerMalformedPath(req: IncomingMessage, res: ServerResponse, next: NodeHandler): Promise<void> {
  const url = req.url ?? "/";
  if (/^\/api(\/|$)/.test(pathOf(url))) {
    const edition = editionOfRequest({ get: (name) => headerOf(req, name) });
    const locale = chooseLocale({ edition, chosen: headerOf(req, "x-locale") ?? cookieOf(req, localeCookie), browser: headerOf(req, "accept-language") });
    const answer = await fail(new AppError("common.malformedRequest"), locale);
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  req.url = MALFORMED_PATH_PAGE;
  await next(req, res);
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** `next` for every request; one whose path does not decode is answered as above first (server.ts). */
export function guardMalformedPaths(next: NodeHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const answering = hasMalformedEscape(req.url) ? answerMalformedPath(req, res, next) : next(req, res);
    void Promise.resolve(answering).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
