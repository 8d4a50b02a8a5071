import "server-only";
import { env } from "@/lib/server/env";
import { editionForHost, type Edition } from "./edition";

/** Anything that reads a request header by name: web Headers, or a wrapper of node's IncomingMessage. */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

/** The edition a request is for: its host (behind a proxy, the forwarded host) against this server's settings. */
export function editionOfRequest(headers: HeaderReader | undefined): Edition {
  return editionForHost(headers?.get("x-forwarded-host") ?? headers?.get("host"), env().EDITION, env().CHINA_HOSTS);
}
