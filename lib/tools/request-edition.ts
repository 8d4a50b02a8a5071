import "server-only";
import { headers } from "next/headers";
import { editionForHost, type Edition } from "@/lib/edition/edition";
import { env } from "@/lib/server/env";

/** The edition of the page being rendered (the tools layout, index and transcript page ask). */
export async function requestEdition(): Promise<Edition> {
  const h = await headers();
  return editionForHost(h.get("x-forwarded-host") ?? h.get("host"), env().EDITION, env().CHINA_HOSTS);
}
