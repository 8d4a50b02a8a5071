import { UPDATE_COUNTDOWN_MS, countdownPercent, reloadAddress } from "@/lib/devices/update-countdown";

describe("update overlay countdown", () => {
  test("fills over 20 seconds (business limits)", () => {
    expect(UPDATE_COUNTDOWN_MS).toBe(20_000);
    expect(countdownPercent(0)).toBe(0);
    expect(countdownPercent(199)).toBe(0);
    expect(countdownPercent(200)).toBe(1);
    expect(countdownPercent(5_000)).toBe(25);
    expect(countdownPercent(10_000)).toBe(50);
    expect(countdownPercent(19_999)).toBe(99);
    expect(countdownPercent(20_000)).toBe(100);
    expect(countdownPercent(60_000)).toBe(100);
  });

  test("a clock that went backwards or NaN is 0", () => {
    expect(countdownPercent(-5)).toBe(0);
    expect(countdownPercent(Number.NaN)).toBe(0);
  });

  test("reloads the same address with a timestamp parameter", () => {
    expect(reloadAddress("https://x.test/transcribe/?task=3#s", 1_700_000_000_000)).toBe("https://x.test/transcribe/?task=3&_t=1700000000000#s");
    // A second update replaces the old timestamp rather than piling them up.
    expect(reloadAddress("https://x.test/transcribe/?_t=1&a=b", 42)).toBe("https://x.test/transcribe/?_t=42&a=b");
  });
});
