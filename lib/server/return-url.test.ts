import { RETURN_URL_MAX_LENGTH, safeReturnUrl } from "@/lib/server/return-url";

describe("safeReturnUrl", () => {
  it.each([
    ["/transcribe/", "/transcribe/"],
    ["/transcribe", "/transcribe"],
    ["/transcribe/?task=abc123", "/transcribe/?task=abc123"],
    ["/transcribe/mobile", "/transcribe/mobile"],
    ["/tools/", "/tools/"],
    ["/tools/audio-to-text?x=1#top", "/tools/audio-to-text?x=1#top"],
    // Dots are resolved before the page tree is checked, and the resolved path is returned.
    ["/transcribe/mobile/../", "/transcribe/"],
    ["/tools/a/./b", "/tools/a/b"],
    // Non-ASCII is kept, percent-encoded the way the browser would send it.
    ["/tools/转写", "/tools/%E8%BD%AC%E5%86%99"],
  ])("keeps our page %j", (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  const hostile: [string, string][] = [
    ["empty", ""],
    ["absolute URL", "https://evil.example/transcribe/"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "transcribe/"],
    ["protocol-relative", "//evil.example/transcribe/"],
    ["backslash host", "/\\evil.example"],
    ["backslash anywhere", "/transcribe\\..\\..\\evil"],
    ["tab between slashes", "/\t/evil.example"],
    ["newline between slashes", "/\n/evil.example"],
    ["carriage return", "/transcribe/\r\nSet-Cookie: x=1"],
    ["NUL", "/transcribe/\u0000"],
    ["leading space", " /transcribe/"],
    ["trailing space", "/transcribe/ "],
    ["space inside", "/transcribe/a b"],
    ["no-break space", "/\u00a0/evil.example"],
    ["ideographic space", "/transcribe/\u3000"],
    ["line separator", "/\u2028/evil.example"],
    ["zero-width space", "/\u200b/evil.example"],
    ["right-to-left override", "/transcribe/\u202e"],
    ["BOM", "\ufeff/transcribe/"],
    ["DEL", "/transcribe/\u007f"],
    ["C1 control", "/transcribe/\u0085"],
    ["encoded tab", "/%09/evil.example"],
    ["encoded newline", "/%0a/evil.example"],
    ["encoded NUL", "/transcribe/%00"],
    ["encoded slash (//host after decoding)", "/%2F/evil.example"],
    ["encoded slash upper case", "/%2f%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded tab", "/%2509/evil.example"],
    ["double-encoded slash", "/%252F/evil.example"],
    ["encoded space in query", "/transcribe/?q=%20"],
    ["malformed escape", "/transcribe/%E0%A4%A"],
    ["lone percent", "/transcribe/%"],
    ["API path", "/api/transcription/tasks"],
    ["media path", "/api/media/abc?exp=1&sig=x"],
    ["dots into the API", "/transcribe/../api/media/abc"],
    ["encoded dots into the API", "/transcribe/%2e%2e/api/media/abc"],
    ["double-encoded dots into the API", "/transcribe/%252e%252e/api/media/abc"],
    ["root", "/"],
    ["other tree", "/admin"],
    ["prefix look-alike", "/transcribe-evil/"],
    ["login page", "/transcribe/login"],
    ["callback page", "/transcribe/callback?token=x"],
    ["tools callback", "/tools/callback"],
    ["Next internals", "/_next/static/x.js"],
    ["too long", `/transcribe/${"a".repeat(RETURN_URL_MAX_LENGTH)}`],
  ];
  it.each(hostile)("drops %s", (_name, input) => {
    expect(safeReturnUrl(input)).toBeNull();
  });

  it("drops what is not a string", () => {
    expect(safeReturnUrl(null)).toBeNull();
    expect(safeReturnUrl(undefined)).toBeNull();
    expect(safeReturnUrl(42 as unknown as string)).toBeNull();
  });

  it("never returns something that leaves the origin, whatever the input", () => {
    // Every two-character combination of the characters tricks are built from, after a leading "/".
    const pieces = ["/", "\\", "\t", "\n", " ", "%2F", "%5C", "%09", "%", ".", "evil.example", "@", ":", "?", "#"];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const out = safeReturnUrl(`/${a}${b}${c}`) ?? safeReturnUrl(`/transcribe/${a}${b}${c}`);
          if (out === null) continue;
          const url = new URL(out, "https://app.example");
          expect(url.origin).toBe("https://app.example");
          expect(out.startsWith("//")).toBe(false);
          expect(/^\/(transcribe|tools)(\/|$)/.test(url.pathname)).toBe(true);
        }
  });
});
