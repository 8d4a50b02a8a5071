import "server-only";
import { headers } from "next/headers";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";

/** The edition of the page being rendered (the tools layout, index and transcript page ask). */
export async function requestEdition(): Promise<Edition> {
  const h = await headers();
  return editionOfRequest(h);
}
