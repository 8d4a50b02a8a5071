// Reads an audio or video file's duration in the browser: an object URL on a
// detached media element, metadata only. Resolves null when the browser
// cannot decode the file (the server then decides by content).

const TIMEOUT_MS = 15_000;

export function readMediaDuration(file: File, kind: "audio" | "video" = file.type.startsWith("video/") ? "video" : "audio"): Promise<number | null> {
  if (typeof document === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const el = document.createElement(kind);
    const url = URL.createObjectURL(file);
    let done = false;
    const finish = (value: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      el.removeAttribute("src");
      el.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), TIMEOUT_MS);
    el.preload = "metadata";
    el.muted = true;
    el.onloadedmetadata = () => {
      const d = el.duration;
      if (Number.isFinite(d) && d > 0) {
        finish(d);
        return;
      }
      // Some containers (e.g. WebM from MediaRecorder) report Infinity until seeked far.
      if (d === Infinity) {
        el.ondurationchange = () => {
          if (Number.isFinite(el.duration) && el.duration > 0) finish(el.duration);
        };
        el.currentTime = 1e101;
        return;
      }
      finish(null);
    };
    el.onerror = () => finish(null);
    el.src = url;
  });
}

/** Billable minutes of a duration in seconds, as the server counts them (whole seconds). */
export function minutesOf(seconds: number): number {
  return Math.ceil(seconds) / 60;
}
