// Clock and cue times of transcript exports, shared by the server's exports and the
// transcript view (lib/client/transcript-export.ts re-exports formatClock). Plain functions.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** mm:ss under an hour, h:mm:ss from an hour (milliseconds in). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** hh:mm:ss + separator + mmm: SRT uses a comma, WebVTT a full stop. */
function cueTime(ms: number, separator: "," | "."): string {
  const v = Math.max(0, Math.round(ms));
  const h = Math.floor(v / 3_600_000);
  const m = Math.floor((v % 3_600_000) / 60_000);
  const s = Math.floor((v % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(v % 1000, 3)}`;
}

export const formatSrtTime = (ms: number) => cueTime(ms, ",");
export const formatVttTime = (ms: number) => cueTime(ms, ".");
