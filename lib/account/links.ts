import "server-only";
import { env } from "@/lib/server/env";

/** Outside links the account dialogs offer; only http(s) addresses leave here. */
export function accountLinks(): { community_url: string | null } {
  const raw = env().COMMUNITY_URL?.trim();
  let url: string | null = null;
  try {
    if (raw && ["http:", "https:"].includes(new URL(raw).protocol)) url = raw;
  } catch {
    url = null;
  }
  return { community_url: url };
}
