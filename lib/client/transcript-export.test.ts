import type { Speaker, TimelineEntry } from "./tasks";
import { buildPlainText, buildSrt, buildTxt } from "./transcript-export";

const speakers: Speaker[] = [
  { id: "a", name: "Anna" },
  { id: "b", name: "Ben" },
];
const entry = (index: number, begin: number, speakerId: string | null, text: string): TimelineEntry => ({ index, begin, end: begin + 4000, speakerId, text });
const meeting = [entry(0, 0, "a", "Good morning."), entry(1, 4000, "a", "Let's start."), entry(2, 65_000, "b", "Sure, the beta went well.")];

test("TXT: one \"[mm:ss] Name: text\" line per speaker turn", () => {
  expect(buildTxt("Weekly", meeting, speakers, "Unknown")).toBe("Weekly\n\n[00:00] Anna: Good morning. Let's start.\n\n[01:05] Ben: Sure, the beta went well.\n");
});

test("SRT: every cue starts with its speaker's name, also when there is only one speaker", () => {
  const srt = buildSrt(meeting, speakers, "Unknown");
  expect(srt).toContain("1\n00:00:00,000 --> 00:00:04,000\nAnna: Good morning.\n");
  expect(srt).toContain("3\n00:01:05,000 --> 00:01:09,000\nBen: Sure, the beta went well.\n");
  const solo = buildSrt([entry(0, 0, "a", "Hello there.")], [speakers[0]!], "Unknown");
  expect(solo).toBe("1\n00:00:00,000 --> 00:00:04,000\nAnna: Hello there.\n");
});

test("an entry whose speaker is not in the list gets the unknown name", () => {
  expect(buildSrt([entry(0, 0, "zz", "Who?"), entry(1, 5000, "a", "Me.")], speakers, "Unknown")).toContain("Unknown: Who?");
});

test("a document (no clock, no speakers): lines without [00:00] and without names", () => {
  const doc = [0, 1].map((i) => ({ index: i, begin: 0, end: 0, speakerId: null, text: ["Alice: Hi.", "Bob: Hello."][i]! }));
  expect(buildTxt("Dialogue", doc, [], "Unknown")).toBe("Dialogue\n\nAlice: Hi. Bob: Hello.\n");
  expect(buildPlainText(doc, [], "Unknown")).toBe("Alice: Hi. Bob: Hello.");
  expect(buildSrt(doc, [], "Unknown")).toContain("Alice: Hi.\n");
});
