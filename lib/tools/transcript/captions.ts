// Caption files (WebVTT and SRT) into timed segments. Browser-safe, no imports: the worker
// reads the platform's own captions with it (lib/tools/transcript/run.ts).

export interface TimedSegment {
  /** Milliseconds from the start. */
  begin: number;
  end: number;
  text: string;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

function toMs(stamp: string): number {
  const [clock, fraction = "0"] = stamp.replace(",", ".").split(".");
  const parts = clock!.split(":").map(Number);
  while (parts.length < 3) parts.unshift(0);
  const [h, m, s] = parts as [number, number, number];
  return ((h * 60 + m) * 60 + s) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
}

function cleanText(lines: string[]): string {
  return lines
    .join(" ")
    .replace(/<[^>]*>/g, "") // VTT voice, class and karaoke-time tags
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Reads the cues of a WebVTT or SRT file, in order. Automatic captions repeat each line
 * while the next one is typed out ("rolling" cues): a cue whose text the previous cue
 * already ends with is dropped, and a cue that starts with the previous text keeps only
 * what is new.
 */
export function parseCaptions(text: string): TimedSegment[] {
  const blocks = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split(/\n{2,}/);
  const out: TimedSegment[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue; // header, NOTE, STYLE, REGION
    const m = lines[at]!.match(TIMING)!;
    let body = cleanText(lines.slice(at + 1));
    if (!body) continue;
    const prev = out.at(-1);
    if (prev && prev.text.endsWith(body)) {
      prev.end = Math.max(prev.end, toMs(m[2]!));
      continue;
    }
    if (prev && body.startsWith(prev.text)) body = body.slice(prev.text.length).trim();
    if (!body) continue;
    out.push({ begin: toMs(m[1]!), end: toMs(m[2]!), text: body });
  }
  return out;
}

/** Which caption track to take: the site's own in the wanted language, else English, else its first; else the automatic original. */
export function chooseCaptionTrack(captions: { manual: string[]; auto: string[] }, wanted: string): { language: string; auto: boolean } | null {
  const pick = (list: string[]) => list.find((l) => l === wanted || l.startsWith(`${wanted}-`)) ?? list.find((l) => l === "en" || l.startsWith("en-")) ?? null;
  if (captions.manual.length > 0) return { language: pick(captions.manual) ?? captions.manual[0]!, auto: false };
  // YouTube lists the spoken language's automatic track as "<lang>-orig" beside machine translations.
  const original = captions.auto.find((l) => l.endsWith("-orig"));
  if (original) return { language: original, auto: true };
  const auto = captions.auto.length <= 3 ? (pick(captions.auto) ?? captions.auto[0]) : null;
  return auto ? { language: auto, auto: true } : null;
}
