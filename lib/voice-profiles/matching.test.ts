import { assignProfiles } from "./matching";

// Assignment rules, with a distance given per pair so the rule is seen on its own.
const table: Record<string, number> = { "s1|anna": 1.0, "s1|ben": 2.0, "s2|anna": 0.5, "s2|ben": 1.5, "s3|anna": 3.0, "s3|ben": 3.0 };
const distance = (a: number[], b: number[]) => table[`s${a[0]}|${b[0] === 1 ? "anna" : "ben"}`]!;
const speakers = [1, 2, 3].map((n) => ({ id: `s${n}`, vector: [n] }));
const profiles = [
  { id: "anna", vector: [1] },
  { id: "ben", vector: [2] },
];

test("each profile names at most one speaker of a recording, the closest pair first", () => {
  const m = assignProfiles(speakers, profiles, new Set(), 2.4, distance);
  // s2 is closer to Anna than s1 is, so s1 gets Ben (its next best under the threshold); s3 is nobody's.
  expect(m.map((x) => [x.speakerId, x.profileId])).toEqual([
    ["s2", "anna"],
    ["s1", "ben"],
  ]);
  expect(new Set(m.map((x) => x.profileId)).size).toBe(m.length);
  expect(m[0]!.confidence).toBeGreaterThan(m[1]!.confidence);
  expect(m.every((x) => x.confidence > 0.5 && x.confidence <= 1)).toBe(true);
});

test("nothing past the threshold, and an undone pair is not offered again", () => {
  expect(assignProfiles(speakers, profiles, new Set(), 0.4, distance)).toEqual([]);
  const m = assignProfiles(speakers, profiles, new Set(["s2|anna"]), 2.4, distance);
  expect(m.map((x) => [x.speakerId, x.profileId])).toEqual([
    ["s1", "anna"],
    ["s2", "ben"],
  ]);
});
