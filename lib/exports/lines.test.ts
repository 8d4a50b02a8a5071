import { srtCue, TurnGrouper, txtTurn, vttCue, type ExportEntry, type TranscriptShape } from "./lines";
import { formatClock, formatSrtTime, formatVttTime } from "@/lib/format/time";

const names: Record<string, string> = { a: "Anna", b: "Ben <B&B>" };
const shape = (over: Partial<TranscriptShape> = {}): TranscriptShape => ({ withSpeakers: true, timed: true, nameOf: (id) => (id ? (names[id] ?? "Unknown") : "Unknown"), ...over });
const entry = (begin: number, speakerId: string | null, text: string): ExportEntry => ({ begin, end: begin + 4000, speakerId, text });

function turns(entries: ExportEntry[]) {
  const g = new TurnGrouper();
  const out = entries.map((e) => g.push(e)).filter((t) => t !== null);
  const last = g.flush();
  return last ? [...out, last] : out;
}

test("times: clock, SRT (comma) and WebVTT (full stop)", () => {
  expect(formatClock(65_000)).toBe("01:05");
  expect(formatClock(3_725_000)).toBe("1:02:05");
  expect(formatSrtTime(3_725_042)).toBe("01:02:05,042");
  expect(formatVttTime(3_725_042)).toBe("01:02:05.042");
  expect(formatSrtTime(-5)).toBe("00:00:00,000");
});

test("TXT: consecutive entries of one speaker are one turn, \"[mm:ss] Name: text\"", () => {
  const t = turns([entry(0, "a", "Good morning."), entry(4000, "a", " Let's start. "), entry(65_000, "b", "Sure.")]);
  expect(t.map((x) => txtTurn(x, shape()))).toEqual(["[00:00] Anna: Good morning. Let's start.", "[01:05] Ben <B&B>: Sure."]);
  expect(txtTurn(t[0]!, shape({ timed: false, withSpeakers: false }))).toBe("Good morning. Let's start.");
});

test("SRT: numbered cues, a name on every cue, no blank line inside a cue", () => {
  expect(srtCue(1, entry(0, "a", "Hello\n\nthere --> here"), shape())).toBe("1\n00:00:00,000 --> 00:00:04,000\nAnna: Hello there -> here\n\n");
  expect(srtCue(2, { begin: 5000, end: 0, speakerId: "zz", text: "Who?" }, shape())).toBe("2\n00:00:05,000 --> 00:00:06,000\nUnknown: Who?\n\n");
});

test("VTT: the speaker in a voice tag, markup characters escaped", () => {
  expect(vttCue(entry(65_000, "b", "a < b & c"), shape())).toBe("00:01:05.000 --> 00:01:09.000\n<v Ben &lt;B&amp;B&gt;>a &lt; b &amp; c\n\n");
  expect(vttCue(entry(0, null, "Plain."), shape({ withSpeakers: false }))).toBe("00:00:00.000 --> 00:00:04.000\nPlain.\n\n");
});
