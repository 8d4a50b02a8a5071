// The events-stream parser against the text/event-stream rules: fields split across reads,
// multi-line data, comments (keep-alives), CRLF, and named events.
import { SseParser } from "./sse";
import { mergeSegments } from "./segments";

describe("SseParser", () => {
  it("assembles events split across reads, with comments and CRLF", () => {
    const p = new SseParser();
    const out = [
      ...p.push(": keep-alive\n\nevent: te"),
      ...p.push('xt\r\ndata: {"segments":[]}\r\n\r\n'),
      ...p.push("data: a\ndata: b\n"),
      ...p.push("\nevent: status\ndata:{}\n\n"),
    ];
    expect(out).toEqual([
      { event: "text", data: '{"segments":[]}' },
      { event: "message", data: "a\nb" },
      { event: "status", data: "{}" },
    ]);
  });
});

describe("mergeSegments", () => {
  const seg = (id: string, startSec: number, endSec: number, text: string, final: boolean) => ({ id, startSec, endSec, text, final });

  it("replaces a growing partial by id, then by the final segments that cover it", () => {
    let s = mergeSegments([], [seg("a", 0, 2, "hello", true), seg("p", 2, 3, "wor", false)]);
    s = mergeSegments(s, [seg("p", 2, 4, "world is", false)]);
    expect(s.map((x) => x.text)).toEqual(["hello", "world is"]);
    s = mergeSegments(s, [seg("b", 2, 5, "world is round", true)]);
    expect(s.map((x) => [x.text, x.final])).toEqual([
      ["hello", true],
      ["world is round", true],
    ]);
  });

  it("keeps a replayed stream (after a reconnect) free of duplicates", () => {
    const all = [seg("a", 0, 2, "one", true), seg("b", 2, 4, "two", true)];
    expect(mergeSegments(mergeSegments([], all), all)).toEqual(all);
  });
});
