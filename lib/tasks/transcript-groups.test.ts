import type { Speaker, TimelineEntry } from "@/lib/tasks/task.client";
import { activeEntryAt, buildPlainText, nextInSpeakerLines } from "@/lib/tasks/transcript-groups";

// TXT and SRT files are built by the server now: lib/exports/lines.test.ts.
const speakers: Speaker[] = [
  { id: "a", name: "Anna" },
  { id: "b", name: "Ben" },
];
const entry = (index: number, begin: number, speakerId: string | null, text: string): TimelineEntry => ({ index, begin, end: begin + 4000, speakerId, text });

test("the clipboard text: one \"Name (mm:ss): text\" paragraph per speaker turn", () => {
  const meeting = [entry(0, 0, "a", "Good morning."), entry(1, 4000, "a", "Let's start."), entry(2, 65_000, "b", "Sure, the beta went well.")];
  expect(buildPlainText(meeting, speakers, "Unknown")).toBe("Anna (00:00): Good morning. Let's start.\n\nBen (01:05): Sure, the beta went well.");
});

test("a document (no clock, no speakers): the text alone", () => {
  const doc = [0, 1].map((i) => ({ index: i, begin: 0, end: 0, speakerId: null, text: ["Alice: Hi.", "Bob: Hello."][i]! }));
  expect(buildPlainText(doc, [], "Unknown")).toBe("Alice: Hi. Bob: Hello.");
});

test("the line playing now: the last one begun, unless it ended while an earlier, overlapping one goes on", () => {
  // Anna talks 0-9.7 s; Ben answers 4.0-6.9 s over her; Ben again from 12 s.
  const timeline: TimelineEntry[] = [
    { index: 0, begin: 0, end: 9700, speakerId: "a", text: "Printing, in the only sense" },
    { index: 1, begin: 4000, end: 6900, speakerId: "b", text: "She had your dark suit" },
    { index: 2, begin: 12_000, end: 15_000, speakerId: "b", text: "Anyway." },
  ];
  expect([1000, 5000, 8000, 11_000, 13_000].map((ms) => activeEntryAt(timeline, ms))).toEqual([0, 1, 0, 1, 2]);
  expect(activeEntryAt(timeline, -1)).toBe(-1);
});

test("only one speaker's lines: play inside theirs, jump over the others' to their next line, stop after their last", () => {
  const line = (index: number, speakerId: string, begin: number, end: number): TimelineEntry => ({ index, speakerId, begin, end, text: `line ${index}` });
  // Anna 1-4 s, Tim 4-9 s with Anna's "yes" inside it at 6-6.5 s, Anna again 10-12 s.
  const timeline = [line(0, "anna", 1000, 4000), line(1, "tim", 4000, 9000), line(2, "anna", 6000, 6500), line(3, "anna", 10000, 12000), line(4, "anna", 13000, 13000)];
  expect(nextInSpeakerLines(timeline, "anna", 0)).toEqual({ action: "seek", ms: 1000 });
  expect(nextInSpeakerLines(timeline, "anna", 2000)).toEqual({ action: "play" });
  expect(nextInSpeakerLines(timeline, "anna", 4000)).toEqual({ action: "seek", ms: 6000 });
  expect(nextInSpeakerLines(timeline, "anna", 6200)).toEqual({ action: "play" });
  expect(nextInSpeakerLines(timeline, "anna", 6500)).toEqual({ action: "seek", ms: 10000 });
  expect(nextInSpeakerLines(timeline, "anna", 12000)).toEqual({ action: "stop" }); // the 0 ms line at 13 s has nothing to play
  expect(nextInSpeakerLines(timeline, "tim", 2000)).toEqual({ action: "seek", ms: 4000 });
  expect(nextInSpeakerLines(timeline, "nobody", 0)).toEqual({ action: "stop" });
});
