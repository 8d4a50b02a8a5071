import { formatBytes } from "./bytes";
import { formatMinutes, shownMinutes, shownMinutesOfSeconds } from "./minutes";
import { formatClock, formatDuration, formatSrtTime, formatVttTime } from "./time";

// The one display rule for durations, moments, minutes and sizes (docs/billing.md "Durations and minutes").

describe("durations: nearest second", () => {
  test.each([
    [3.0, "00:03"],
    [2.978, "00:03"], // the GRID clip's audio as decoded: a "3.0 s" video
    [2.995375, "00:03"],
    [2.4, "00:02"],
    [59.5, "01:00"],
    [59.49, "00:59"],
    [3599.4, "59:59"],
    [3599.6, "1:00:00"],
    [3725, "1:02:05"],
    [36000, "10:00:00"],
    [0, "00:00"],
    [-1, "00:00"],
    [Number.NaN, "00:00"],
    [Number.POSITIVE_INFINITY, "00:00"],
  ])("%s s → %s", (sec, shown) => expect(formatDuration(sec)).toBe(shown));
});

describe("moments: the second they fall in, as a player's clock shows them", () => {
  test.each([
    [0, "00:00"],
    [999, "00:00"],
    [2_978, "00:02"],
    [65_000, "01:05"],
    [3_599_999, "59:59"],
    [3_725_000, "1:02:05"],
    [-5, "00:00"],
  ])("%s ms → %s", (ms, shown) => expect(formatClock(ms)).toBe(shown));
});

test("subtitle cue times keep milliseconds", () => {
  expect(formatSrtTime(3_725_040.4)).toBe("01:02:05,040");
  expect(formatVttTime(59_999.6)).toBe("00:01:00.000");
});

describe("minutes: one decimal under 10, whole from 10", () => {
  test.each([
    [0, 0],
    [8 / 60, 0.1],
    [9 / 60, 0.2],
    [2.9, 2.9],
    [2.94, 2.9],
    [2.95, 3],
    [9.94, 9.9],
    [9.96, 10],
    [10.4, 10],
    [299.5, 300],
    [5000, 5000],
  ])("%s → %s", (m, shown) => expect(shownMinutes(m)).toBe(shown));

  test("from seconds, and in the reader's digits", () => {
    expect(shownMinutesOfSeconds(174)).toBe(2.9);
    expect(formatMinutes(2.9, "en")).toBe("2.9");
    expect(formatMinutes(2.9, "de")).toBe("2,9");
    expect(formatMinutes(3, "en")).toBe("3");
    expect(formatMinutes(5000, "en")).toBe("5,000");
    expect(formatMinutes(174 / 60, "zh")).toBe("2.9");
  });

  test("the header (used of total) and the account panel read the same for the same seconds", () => {
    // 174 s used: the header showed 2.9, the account panel 3. Both now use formatMinutes.
    const used = 174 / 60;
    expect([formatMinutes(used, "en"), formatMinutes(300, "en")]).toEqual(["2.9", "300"]);
  });
});

describe("sizes: 1024-based, one decimal under 100", () => {
  test.each([
    [0, "0 B"],
    [812, "812 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1_048_064, "1 MB"], // 1023.5 KB reads as the next unit
    [1.5 * 1024 * 1024, "1.5 MB"],
    [120 * 1024 * 1024, "120 MB"],
    [2.25 * 1024 ** 3, "2.3 GB"],
    [null, "—"],
    [undefined, "—"],
    [Number.NaN, "—"],
  ])("%s → %s", (bytes, shown) => expect(formatBytes(bytes)).toBe(shown));
});
