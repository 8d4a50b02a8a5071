import iconv from "iconv-lite";
import { binaryShare, cleanText, decodeAs, decodeText } from "./decode";

// iconv-lite is in node_modules as a dependency of other packages; tests use it only to make fixtures.
const encode = (text: string, encoding: string) => iconv.encode(text, encoding);

const CHINESE = "会议纪要：今天我们讨论了下一季度的产品计划。大家一致认为，应该优先完成用户反馈中提到的问题，然后再开发新的功能。";
const TRADITIONAL = "會議紀要：今天我們討論了下一季度的產品計劃。大家一致認為，應該優先完成用戶回饋中提到的問題，然後再開發新的功能。";
const JAPANESE = "本日の会議では、来期の製品計画について話し合いました。ユーザーからのフィードバックを優先して対応することになりました。";
const KOREAN = "오늘 회의에서는 다음 분기의 제품 계획에 대해 논의했습니다. 사용자 의견에서 제기된 문제를 먼저 해결하기로 했습니다.";
const FRENCH = "Compte rendu de la réunion : nous avons discuté du plan produit – les problèmes signalés seront traités en priorité, à l’été. Coût : 12 €.";

describe("decodeText", () => {
  it.each([
    ["GBK Chinese", encode(CHINESE, "gbk"), CHINESE, "gb18030"],
    ["GB18030 Chinese", encode(CHINESE, "gb18030"), CHINESE, "gb18030"],
    ["Big5 traditional Chinese", encode(TRADITIONAL, "big5"), TRADITIONAL, "big5"],
    ["Shift_JIS Japanese", encode(JAPANESE, "shift_jis"), JAPANESE, "shift_jis"],
    ["EUC-JP Japanese", encode(JAPANESE, "euc-jp"), JAPANESE, "euc-jp"],
    ["EUC-KR Korean", encode(KOREAN, "euc-kr"), KOREAN, "euc-kr"],
    ["windows-1252 French", encode(FRENCH, "windows-1252"), FRENCH, "windows-1252"],
    ["UTF-8 without BOM", Buffer.from(CHINESE, "utf8"), CHINESE, "utf-8"],
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FRENCH, "utf8")]), FRENCH, "utf-8"],
    ["UTF-16LE with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CHINESE, "utf16le")]), CHINESE, "utf-16le"],
    ["UTF-16BE with BOM", encode("\ufeff" + JAPANESE, "utf-16be"), JAPANESE, "utf-16be"],
    ["UTF-16LE without BOM", Buffer.from("Meeting notes: plan the next quarter.", "utf16le"), "Meeting notes: plan the next quarter.", "utf-16le"],
    ["UTF-16BE without BOM", encode("Meeting notes: plan the next quarter.", "utf-16be"), "Meeting notes: plan the next quarter.", "utf-16be"],
  ])("reads %s", (_label, bytes, expected, encoding) => {
    expect(decodeText(bytes)).toEqual({ text: expected, encoding });
  });

  it("reads short CJK texts too", () => {
    expect(decodeText(encode("你好", "gbk")).text).toBe("你好");
    expect(decodeText(encode("臺灣", "big5")).text).toBe("臺灣");
    expect(decodeText(encode("こんにちは", "shift_jis")).text).toBe("こんにちは");
    expect(decodeText(encode("안녕하세요", "euc-kr")).text).toBe("안녕하세요");
  });

  it("reads short Latin texts as windows-1252, with its own characters for 0x80-0x9F", () => {
    for (const text of ["naïve café", "São Paulo, coração", "“quoted” – 5 €", "Ærø, Øresund"]) {
      expect(decodeText(encode(text, "windows-1252"))).toEqual({ text, encoding: "windows-1252" });
    }
  });

  it("keeps UTF-8 with a broken byte or two as UTF-8", () => {
    const cutOff = Buffer.from(CHINESE.repeat(3), "utf8").subarray(0, -1); // last character cut in half
    const result = decodeText(cutOff);
    expect(result.encoding).toBe("utf-8");
    expect(result.text.startsWith(CHINESE)).toBe(true);
  });

  it("normalises newlines, strips NULs and control characters, composes to NFC", () => {
    const raw = Buffer.from("line one\r\nline two\rline three\u0000\u0007\u001b\ttab\u000cpage\ufeff and cafe\u0301", "utf8");
    expect(decodeText(raw).text).toBe("line one\nline two\nline three\ttab\npage and café");
  });
});

describe("cleanText and binaryShare", () => {
  it("turns Unicode line and paragraph separators into newlines", () => {
    expect(cleanText("a\u2028b\u2029c\u0085d")).toBe("a\nb\n\nc\nd");
  });

  it("sees binaries read as text, not text", () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect(binaryShare(decodeAs(random, "windows-1252"))).toBeGreaterThan(0.05);
    expect(binaryShare(CHINESE + FRENCH)).toBe(0);
    expect(binaryShare("\u001b[31mred log line\u001b[0m\n")).toBe(0);
  });
});
