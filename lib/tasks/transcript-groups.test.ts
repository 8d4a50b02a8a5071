import type { Speaker, TimelineEntry } from "@/lib/tasks/task.client";
import { buildPlainText } from "@/lib/tasks/transcript-groups";

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
