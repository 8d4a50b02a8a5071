// Display helpers of the media tools (browser).

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "—";
  const units = ["B", "KB", "MB", "GB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

export function formatDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

/** "just now", minutes, hours or days ago (spec §3), as a message key and count. */
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
