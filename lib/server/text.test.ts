import { z } from "zod";
import { hasControlCharacters, safeId, safeText, stripControlCharacters } from "@/lib/server/text";

test("single-line fields refuse any control character, with the catalogue key in the issue", () => {
  const title = z.object({ title: safeText({ max: 20, trim: true }) });
  for (const bad of ["a\u0000b", "tab\there", "line\nbreak", "esc\u001b[0m", "del\u007f"]) {
    const r = title.safeParse({ title: bad });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: "custom", path: ["title"], params: { key: "common.invalidCharacters" } });
  }
  expect(title.parse({ title: "  Café 会议 — Q3 ✓  " })).toEqual({ title: "Café 会议 — Q3 ✓" });
  expect(title.safeParse({ title: "x".repeat(21) }).success).toBe(false);
  expect(safeId.safeParse("").success).toBe(false);
  expect(safeId.parse("t0123abc")).toBe("t0123abc");
});

test("multi-line fields keep tabs and line breaks and lose other control characters", () => {
  const body = safeText({ max: 100, multiline: true });
  expect(body.parse("a\u0000b\tc\r\nd\u0007e\u001bf")).toBe("ab\tc\r\ndef");
  expect(body.parse("page\u000cbreak\u000bhere")).toBe("page\nbreak\nhere");
  expect(stripControlCharacters("clean text\n")).toBe("clean text\n");
  expect(hasControlCharacters("fine")).toBe(false);
});

describe("trimBlanks", () => {
  it("treats zero-width and bidi characters at the ends as blank, keeps them inside", () => {
    const title = z.object({ title: safeText({ max: 20, trim: true }) });
    expect(title.parse({ title: "\u200b\u200b\u200b" }).title).toBe("");
    expect(title.parse({ title: "\ufeff a\u200db \u200e" }).title).toBe("a\u200db");
  });
});
