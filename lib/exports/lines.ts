import { formatClock, formatSrtTime, formatVttTime } from "@/lib/format/time";

// The text of transcript exports, one piece at a time so that the server can stream them
// from paged reads (docs/exports.md). Pure functions: no I/O here.

export interface ExportEntry {
  begin: number;
  end: number;
  text: string;
  speakerId: string | null;
}

/** What the whole transcript is like, known before the first line is written. */
export interface TranscriptShape {
  /** Some entry has a speaker (a document's text has none). */
  withSpeakers: boolean;
  /** Some entry has a time (documents and pasted text are all at 0). */
  timed: boolean;
  /** The shown name of a speaker id (the user's name, or the default in the reader's language). */
  nameOf: (speakerId: string | null) => string;
}

export interface SpeakerTurn {
  speakerId: string | null;
  begin: number;
  end: number;
  texts: string[];
}

/**
 * Consecutive entries of one speaker form a turn. Fed entry by entry; `push` hands back
 * the turn that just ended, `flush` the last one.
 */
export class TurnGrouper {
  private current: SpeakerTurn | null = null;

  push(entry: ExportEntry): SpeakerTurn | null {
    const last = this.current;
    if (last && last.speakerId === entry.speakerId) {
      last.texts.push(entry.text.trim());
      last.end = entry.end;
      return null;
    }
    this.current = { speakerId: entry.speakerId, begin: entry.begin, end: entry.end, texts: [entry.text.trim()] };
    return last;
  }

  flush(): SpeakerTurn | null {
    const last = this.current;
    this.current = null;
    return last;
  }
}

/** "[mm:ss] Name: text" for a turn; no time without a clock, no name without speakers. */
export function txtTurn(turn: SpeakerTurn, shape: TranscriptShape): string {
  const time = shape.timed ? `[${formatClock(turn.begin)}] ` : "";
  const name = shape.withSpeakers ? `${shape.nameOf(turn.speakerId)}: ` : "";
  return `${time}${name}${turn.texts.join(" ")}`;
}

/** Cue text keeps no blank line (a blank line ends a cue) and no "-->" (it marks a timing line). */
function cueText(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, " ").replace(/-->/g, "->");
}

/** A cue lasts at least a second, so that an entry without an end still shows. */
const cueEnd = (e: ExportEntry) => (e.end > e.begin ? e.end : e.begin + 1000);

/** One SubRip cue (numbered from 1), "Name: text" whenever the transcript has speakers. */
export function srtCue(index: number, entry: ExportEntry, shape: TranscriptShape): string {
  const name = shape.withSpeakers ? `${shape.nameOf(entry.speakerId)}: ` : "";
  return `${index}\n${formatSrtTime(entry.begin)} --> ${formatSrtTime(cueEnd(entry))}\n${name}${cueText(entry.text)}\n\n`;
}

export const VTT_HEADER = "WEBVTT\n\n";

const vttEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One WebVTT cue; the speaker goes in a voice tag (<v Name>), which players show as the speaker. */
export function vttCue(entry: ExportEntry, shape: TranscriptShape): string {
  const voice = shape.withSpeakers ? `<v ${vttEscape(cueText(shape.nameOf(entry.speakerId)))}>` : "";
  return `${formatVttTime(entry.begin)} --> ${formatVttTime(cueEnd(entry))}\n${voice}${vttEscape(cueText(entry.text))}\n\n`;
}
