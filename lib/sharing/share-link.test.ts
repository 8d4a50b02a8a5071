import { isShareToken, sharePath, shareDate, slugifyTitle, SHARE_TOKEN_LENGTH, tokenFromSegment } from "./share-link";

const token = "AbCdEfGhIjKlMnOpQr-_0123";

test("a title becomes a URL segment in any script", () => {
  expect(slugifyTitle("Weekly Sync: Q3 / Budget!")).toBe("weekly-sync-q3-budget");
  expect(slugifyTitle("产品评审会议 第二次")).toBe("产品评审会议-第二次");
  expect(slugifyTitle("  ***  ")).toBe("");
  expect(Array.from(slugifyTitle("a".repeat(500))).length).toBeLessThanOrEqual(60);
});

test("only the token in the last segment counts", () => {
  expect(token).toHaveLength(SHARE_TOKEN_LENGTH);
  expect(isShareToken(token)).toBe(true);
  expect(tokenFromSegment(token)).toBe(token);
  expect(tokenFromSegment(`weekly-sync-${token}`)).toBe(token);
  expect(tokenFromSegment(encodeURIComponent(`产品评审-${token}`))).toBe(token);
  // A title alone, or a slug glued to a token without the dash, finds nothing.
  expect(tokenFromSegment("weekly-sync")).toBeNull();
  expect(tokenFromSegment(`x${token}`)).toBeNull();
  expect(tokenFromSegment("")).toBeNull();
  expect(tokenFromSegment("%E0%A4%A")).toBeNull();
});

test("the canonical path holds the date, the slug and the token", () => {
  const path = sharePath({ token, slugDate: shareDate(new Date("2026-11-25T10:00:00Z")), slugTitle: "产品评审" });
  expect(path).toBe(`/transcribe/show/2026-11-25/${encodeURIComponent(`产品评审-${token}`)}`);
  expect(tokenFromSegment(path.split("/").at(-1))).toBe(token);
  expect(sharePath({ token, slugDate: "2026-11-25", slugTitle: "" })).toBe(`/transcribe/show/2026-11-25/${token}`);
});
