import { containsPattern, findMarks, plainMarkdown, queryTerms, snippetOf } from "./match";
import { checkQuery } from "./search.schema";

test("queries become prefix words and CJK bigram phrases, with nothing of tsquery's syntax let through", () => {
  expect(queryTerms("Budget meet")).toEqual({ tsquery: "'budget':* & 'meet':*", trigram: true, words: ["budget", "meet"], runPatterns: ["%budget%", "%meet%"], wordPatterns: ["%budget%", "%meet%"], latinTsquery: "'budget':* & 'meet':*" });
  expect(queryTerms("AI会议")).toMatchObject({ runPatterns: ["%ai%", "%会议%"], latinTsquery: "'ai':*" });
  expect(queryTerms("会议")).toMatchObject({ tsquery: "'会议'", trigram: false });
  expect(queryTerms("会议室").tsquery).toBe("('会议' <-> '议室')");
  expect(queryTerms("次の会議です").tsquery).toBe("('次の' <-> 'の会' <-> '会議' <-> '議で' <-> 'です')");
  expect(queryTerms("AI会议").tsquery).toBe("'ai':* & '会议'");
  expect(queryTerms("it's a & b | !c <-> 'd'").tsquery).toBe("'it':* & 's':* & 'a':* & 'b':* & 'c':* & 'd':*");
});

test("LIKE wildcards in a query are literal", () => {
  expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
});

test("marks cover the whole query in any case and spacing, else each word", () => {
  expect(findMarks("The Battery\nDrain", "battery drain", ["battery", "drain"])).toEqual([[4, 17]]);
  expect(findMarks("drain of the battery", "battery drain", ["battery", "drain"])).toEqual([[0, 5], [13, 20]]);
  expect(findMarks("下周的预算会议", "预算会议", ["预算会议"])).toEqual([[3, 7]]);
});

test("snippets of long texts are cut around the first mark without splitting a surrogate pair", () => {
  const text = `${"😀".repeat(100)}needle${"😀".repeat(100)}`;
  const at = text.indexOf("needle");
  const s = snippetOf(text, [[at, at + 6]], 20);
  expect(s.text.startsWith("…")).toBe(true);
  expect(s.text.endsWith("…")).toBe(true);
  expect(s.text).not.toMatch(/^…[\udc00-\udfff]|[\ud800-\udbff]…$/);
  const [[a, b]] = s.marks;
  expect(s.text.slice(a, b)).toBe("needle");
});

test("summary markdown loses its signs", () => {
  expect(plainMarkdown("# Launch\n\n- **Maria** sends the _report_\n1. `code` here")).toBe("Launch Maria sends the report code here");
});

test("query rules: letters count, not punctuation; full-width letters are folded", () => {
  expect(checkQuery("  ")).toEqual({ ok: false, problem: "empty" });
  expect(checkQuery("?!")).toEqual({ ok: false, problem: "empty" });
  expect(checkQuery("a!")).toEqual({ ok: false, problem: "tooShort" });
  expect(checkQuery("ＡＩ")).toEqual({ ok: true, q: "AI" });
  expect(checkQuery("x".repeat(101))).toEqual({ ok: false, problem: "tooLong" });
});
