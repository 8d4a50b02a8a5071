import { bytesToMb, defaultDocumentLimits, documentLimits, minutesForText, secondsForText, utf8ByteLength } from "./limits";

describe("secondsForText", () => {
  it("bills 600 UTF-8 bytes a minute to the second (10 bytes a second, rounded up), at least one second", () => {
    expect(secondsForText("")).toBe(1);
    expect(secondsForText("a")).toBe(1);
    expect(secondsForText("a".repeat(10))).toBe(1);
    expect(secondsForText("a".repeat(11))).toBe(2);
    expect(secondsForText("a".repeat(83))).toBe(9);
    expect(secondsForText("a".repeat(600))).toBe(60);
    expect(secondsForText("a".repeat(601))).toBe(61);
    // A Chinese character is 3 bytes in UTF-8: 200 of them fill one minute.
    expect(secondsForText("中".repeat(200))).toBe(60);
    expect(secondsForText("中".repeat(201))).toBe(61);
    expect(minutesForText("中".repeat(200))).toBe(1);
    expect(minutesForText("a".repeat(83))).toBeCloseTo(0.15, 9);
  });

  it("counts bytes as UTF-8 does, astral characters and lone surrogates included", () => {
    for (const text of ["héllo", "中文", "😀x", "a\ud800b", "\udc00", "𠀀𠀁"]) {
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, "utf8"));
    }
  });
});

describe("limits", () => {
  it("has the agreed defaults and takes overrides", () => {
    expect(defaultDocumentLimits).toEqual({
      maxDocumentBytes: 20 * 1024 * 1024,
      maxRequestBytes: 50 * 1024 * 1024,
      maxDocumentsPerRequest: 10,
      maxTextChars: 2_000_000,
      maxDocxUncompressedBytes: 100 * 1024 * 1024,
      maxDocxCompressionRatio: 100,
      maxDocxZipEntries: 2000,
    });
    expect(documentLimits({ maxDocumentsPerRequest: 3 }).maxDocumentsPerRequest).toBe(3);
    expect(documentLimits({ maxDocumentsPerRequest: 3 }).maxTextChars).toBe(2_000_000);
    expect(bytesToMb(20 * 1024 * 1024)).toBe(20);
  });
});
