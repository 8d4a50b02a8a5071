import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { editionForHost } from "@/lib/edition/edition";
import { chooseLocale, localeCookie } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";
import { AppError } from "./errors";
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

/** The same target with each `%` that starts no valid escape written as `%25`: safe to route (to the not-found page). */
export function escapeStrayPercents(url: string): string {
  const path = pathOf(url);
  const escaped = path.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
  // Escapes that are well formed but are not UTF-8 (%C0%AF) still do not decode: spell them out too.
  let safe = escaped;
  try {
    decodeURIComponent(escaped);
  } catch {
    safe = escaped.replace(/%/g, "%25");
  }
  return safe + url.slice(path.length);
}

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
 * Answers a request whose path does not decode, without handing it to Next: /api paths get the
 * 400 envelope, everything else `notFoundPage` (Next's not-found page, given the path made safe).
 */
export async function answerMalformedPath(req: IncomingMessage, res: ServerResponse, notFoundPage: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<void> {
  const url = req.url ?? "/";
  if (/^\/api(\/|$)/.test(pathOf(url))) {
    const edition = editionForHost(headerOf(req, "x-forwarded-host") ?? headerOf(req, "host"), env().EDITION, env().CHINA_HOSTS);
    const locale = chooseLocale({ edition, chosen: headerOf(req, "x-locale") ?? cookieOf(req, localeCookie), browser: headerOf(req, "accept-language") });
    const answer = await fail(new AppError("common.malformedRequest"), locale);
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  req.url = escapeStrayPercents(url);
  await notFoundPage(req, res);
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** `next` for every request whose path decodes; the answers above for the others (server.ts). */
export function guardMalformedPaths(next: NodeHandler, notFoundPage: (req: IncomingMessage, res: ServerResponse) => Promise<void>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const answering = hasMalformedEscape(req.url) ? answerMalformedPath(req, res, notFoundPage) : next(req, res);
    void Promise.resolve(answering).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
