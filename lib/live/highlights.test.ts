// A mark at a time lands on the line spoken then; in a pause, on the line before; before the first line, on the first.
import { highlightedEntries } from "./highlights";

const timeline = [
  { index: 0, begin: 1000, end: 3000 },
  { index: 1, begin: 3000, end: 5500 },
  { index: 2, begin: 8000, end: 9000 },
];

describe("highlightedEntries", () => {
  it("places marks on the entry spoken at their time", () => {
    expect([...highlightedEntries(timeline, [{ atSec: 3.2 }, { atSec: 8.5 }])].sort()).toEqual([1, 2]);
  });
  it("places a mark in a pause on the entry before it, and one before any speech on the first", () => {
    expect([...highlightedEntries(timeline, [{ atSec: 6.5 }])]).toEqual([1]);
    expect([...highlightedEntries(timeline, [{ atSec: 0.2 }])]).toEqual([0]);
  });
  it("gives nothing without a transcript", () => {
    expect(highlightedEntries([], [{ atSec: 1 }]).size).toBe(0);
  });
});
