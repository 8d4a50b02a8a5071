import { diarizationErrorRate, parseRttm, parseUem } from "./der";

const ref = [
  { start: 0, end: 10, speaker: "A" },
  { start: 10, end: 20, speaker: "B" },
];

test("a perfect hypothesis with other names scores 0", () => {
  const d = diarizationErrorRate(ref, [
    { start: 0, end: 10, speaker: "x" },
    { start: 10, end: 20, speaker: "y" },
  ]);
  expect(d.der).toBe(0);
  expect(d.mapping).toEqual({ A: "x", B: "y" });
});

test("missed, false alarm and confusion are counted, and the collar hides boundary errors", () => {
  const hyp = [
    { start: 0, end: 8, speaker: "x" }, // 2 s of A missed
    { start: 10, end: 15, speaker: "y" },
    { start: 15, end: 20, speaker: "x" }, // 5 s of B confused
    { start: 20, end: 21, speaker: "y" }, // 1 s false alarm
  ];
  const d = diarizationErrorRate(ref, hyp);
  expect(d.missed).toBeCloseTo(2);
  expect(d.confusion).toBeCloseTo(5);
  expect(d.falseAlarm).toBeCloseTo(1);
  expect(d.der).toBeCloseTo(8 / 20);
  // A 0.3 s late start is inside a 0.25 s collar except for 0.05 s.
  const late = diarizationErrorRate(ref, [
    { start: 0.3, end: 10, speaker: "x" },
    { start: 10, end: 20, speaker: "y" },
  ], { collar: 0.25 });
  expect(late.missed).toBeCloseTo(0.05);
});

test("parseRttm and parseUem read the corpus formats", () => {
  expect(parseRttm("SPEAKER f 1 1.5 2.0 <NA> <NA> spk1 <NA> <NA>\n\n")).toEqual([{ start: 1.5, end: 3.5, speaker: "spk1" }]);
  expect(parseUem("f NA 0.000 30.000\n")).toEqual([{ start: 0, end: 30 }]);
});

test("a second speaker in overlapped speech counts: found, missed, or a false alarm", () => {
  const overlapped = [
    { start: 0, end: 10, speaker: "A" },
    { start: 6, end: 14, speaker: "B" },
  ];
  const main = [
    { start: 0, end: 8, speaker: "x" },
    { start: 8, end: 14, speaker: "y" },
  ];
  // Both voices named where both speak: no error.
  expect(diarizationErrorRate(overlapped, [...main, { start: 6, end: 8, speaker: "y" }, { start: 8, end: 10, speaker: "x" }]).der).toBe(0);
  // One voice at a time: the 4 s of overlap lose one speaker each.
  const single = diarizationErrorRate(overlapped, main);
  expect(single.missed).toBeCloseTo(4, 6);
  expect(single.der).toBeCloseTo(4 / 18, 6);
  // A second label where only one voice speaks is a false alarm.
  expect(diarizationErrorRate(overlapped, [...main, { start: 0, end: 2, speaker: "y" }]).falseAlarm).toBeCloseTo(2, 6);
});
