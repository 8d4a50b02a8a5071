// Display helpers of the media tools (browser): ages and the download countdown.

// Sizes and durations: lib/format (one rule for the whole product).
import { formatDuration } from "@/lib/format/time";

/** "just now", minutes, hours or days ago (entity fields), as a message key and count. */
export function ageOf(iso: string, now: number): { key: "justNow" | "minutesAgo" | "hoursAgo" | "daysAgo"; count: number } {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return { key: "justNow", count: 0 };
  if (minutes < 60) return { key: "minutesAgo", count: minutes };
  if (minutes < 24 * 60) return { key: "hoursAgo", count: Math.floor(minutes / 60) };
  return { key: "daysAgo", count: Math.floor(minutes / (24 * 60)) };
}

/** Time left until the download link expires, as h:mm:ss (or m:ss). */
export function countdown(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  return ms > 0 ? formatDuration(ms / 1000) : null;
}
