import { assignSpeakers, type TimedText } from "./assign";
import type { SpeakerTurn } from "./diarize";

const w = (begin: number, end: number, text: string) => ({ begin, end, text });

test("a segment with word times is split where the speaker changes", () => {
  const segments: TimedText[] = [
    { begin: 0, end: 4000, text: "Hello there. How are you?", words: [w(0, 400, "Hello"), w(400, 900, "there."), w(2000, 2400, "How"), w(2400, 2800, "are"), w(2800, 3400, "you?")] },
  ];
  const turns: SpeakerTurn[] = [
    { start: 0, end: 1.5, speaker: 0 },
    { start: 1.5, end: 4, speaker: 1 },
  ];
  expect(assignSpeakers(segments, turns)).toEqual([
    { begin: 0, end: 900, text: "Hello there.", speaker: 0 },
    { begin: 2000, end: 3400, text: "How are you?", speaker: 1 },
  ]);
});

test("a segment that stays with one speaker keeps the engine's own text", () => {
  const segments: TimedText[] = [{ begin: 0, end: 1000, text: "Hello, there!", words: [w(0, 400, "hello"), w(400, 900, "there")] }];
  expect(assignSpeakers(segments, [{ start: 0, end: 2, speaker: 3 }])).toEqual([{ begin: 0, end: 1000, text: "Hello, there!", speaker: 3 }]);
});

test("without words, the speaker with the most overlap wins", () => {
  const turns: SpeakerTurn[] = [
    { start: 0, end: 1, speaker: 0 },
    { start: 1, end: 3, speaker: 1 },
    { start: 3, end: 3.5, speaker: 0 },
  ];
  // 1 s of speaker 0 against 2 s of speaker 1.
  expect(assignSpeakers([{ begin: 0, end: 3500, text: "a long sentence" }], turns)).toEqual([{ begin: 0, end: 3500, text: "a long sentence", speaker: 1 }]);
  // Two turns of the same speaker add up: 0.9 + 0.5 s of speaker 0 against 1.2 s of speaker 1.
  const split: SpeakerTurn[] = [
    { start: 0, end: 1, speaker: 0 },
    { start: 1, end: 2.2, speaker: 1 },
    { start: 2.2, end: 2.7, speaker: 0 },
  ];
  expect(assignSpeakers([{ begin: 100, end: 2700, text: "x" }], split)[0]!.speaker).toBe(0);
});

test("a short flip between two entries of one speaker is folded back", () => {
  const turns: SpeakerTurn[] = [
    { start: 0, end: 2, speaker: 0 },
    { start: 2, end: 2.5, speaker: 1 },
    { start: 2.5, end: 5, speaker: 0 },
  ];
  // Separate segments: the middle one keeps its own entry but takes speaker 0.
  const separate: TimedText[] = [
    { begin: 0, end: 1900, text: "first part" },
    { begin: 2000, end: 2500, text: "yes" },
    { begin: 2600, end: 5000, text: "second part" },
  ];
  expect(assignSpeakers(separate, turns).map((e) => e.speaker)).toEqual([0, 0, 0]);
  // Within one segment with words: the flipped word rejoins its neighbours in one entry.
  const oneSegment: TimedText[] = [
    {
      begin: 0,
      end: 5000,
      text: "we went there and then came back",
      words: [w(0, 600, "we"), w(600, 1200, "went"), w(1200, 1900, "there"), w(2050, 2400, "and"), w(2600, 3200, "then"), w(3200, 4000, "came"), w(4000, 5000, "back")],
    },
  ];
  expect(assignSpeakers(oneSegment, turns)).toEqual([{ begin: 0, end: 5000, text: "we went there and then came back", speaker: 0 }]);
  // A longer entry (three words) is a real turn and stays.
  const real: TimedText[] = [
    { begin: 0, end: 1900, text: "first part" },
    { begin: 2000, end: 2500, text: "no not really" },
    { begin: 2600, end: 5000, text: "second part" },
  ];
  expect(assignSpeakers(real, turns).map((e) => e.speaker)).toEqual([0, 1, 0]);
});

test("a segment in a gap takes the nearest turn within 1 s, else the previous speaker", () => {
  const turns: SpeakerTurn[] = [
    { start: 0, end: 2, speaker: 0 },
    { start: 5, end: 8, speaker: 1 },
    { start: 20, end: 22, speaker: 0 },
  ];
  const segments: TimedText[] = [
    { begin: 2500, end: 2900, text: "near the first" }, // 0.5 s after speaker 0, 2.1 s before speaker 1
    { begin: 4200, end: 4600, text: "near the second" }, // 0.4 s before speaker 1
    { begin: 12000, end: 13000, text: "far from both" }, // 4 s after speaker 1, 7 s before speaker 0
  ];
  expect(assignSpeakers(segments, turns).map((e) => e.speaker)).toEqual([0, 1, 1]);
});

test("no turns at all gives everything speaker 0", () => {
  expect(assignSpeakers([{ begin: 0, end: 1000, text: "hi" }], [])).toEqual([{ begin: 0, end: 1000, text: "hi", speaker: 0 }]);
});
