// File sizes as shown anywhere (upload list, task details, documents, media tools). Plain function, browser-safe.

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** 1024-based: whole bytes under 1 KB, one decimal under 100 units, whole from 100 ("812 B", "1.5 MB", "120 MB"). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "—";
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  // 1023.96 KB rounds to "1024 KB": show it as the next unit instead.
  if (i > 0 && i < UNITS.length - 1 && Math.round(v) >= 1024) {
    v /= 1024;
    i++;
  }
  const shown = i === 0 || v >= 100 ? String(Math.round(v)) : (Math.round(v * 10) / 10).toFixed(1).replace(/\.0$/, "");
  return `${shown} ${UNITS[i]}`;
}
