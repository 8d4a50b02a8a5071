import type { Edition } from "@/lib/edition/edition";

/**
 * The time zone next-intl formats dates and relative times in, the same on the server and in
 * the browser (without one it falls back to each environment's and warns: ENVIRONMENT_FALLBACK).
 * The China edition's users are in one zone; the international edition keeps UTC.
 */
export function editionTimeZone(edition: Edition): string {
  return edition === "china" ? "Asia/Shanghai" : "UTC";
}
