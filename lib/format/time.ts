// Clock strings for times in the product, one rule everywhere (browser and server; plain functions):
//  - a length (a recording's duration, a countdown) is rounded to the nearest second, half up:
//    a "3.0 s" video whose audio decodes to 2.978 s is 00:03, 59.5 s is 01:00, 3599.6 s is 1:00:00;
//  - a moment inside a recording (a transcript line, a search hit) is the second it falls in,
//    as a media player's clock shows it when playback reaches that moment.
// Both read mm:ss under an hour and h:mm:ss from an hour on. docs/billing.md "Durations and minutes".

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function clockOfWholeSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

const finite = (v: number) => (Number.isFinite(v) ? Math.max(0, v) : 0);

/** A length in seconds: nearest second. Missing, negative or non-finite reads as 0. */
export function formatDuration(seconds: number): string {
  return clockOfWholeSeconds(Math.round(finite(seconds)));
}

/** A moment in milliseconds from the start: the second it falls in. */
export function formatClock(ms: number): string {
  return clockOfWholeSeconds(Math.floor(finite(ms) / 1000));
}

/** hh:mm:ss + separator + mmm (subtitle cues): SRT uses a comma, WebVTT a full stop. */
function cueTime(ms: number, separator: "," | "."): string {
  const v = Math.round(finite(ms));
  const h = Math.floor(v / 3_600_000);
  const m = Math.floor((v % 3_600_000) / 60_000);
  const s = Math.floor((v % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(v % 1000, 3)}`;
}

export const formatSrtTime = (ms: number) => cueTime(ms, ",");
export const formatVttTime = (ms: number) => cueTime(ms, ".");
