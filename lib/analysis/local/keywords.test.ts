import { topKeywords } from "./keywords";
import { chineseMeeting, joinedClips, passages, productMeeting, pyannoteSample, unpunctuatedLecture } from "./test-fixtures";
import { isStopword } from "./text";

const terms = (ps: Parameters<typeof topKeywords>[0], n: number) => topKeywords(ps, n).map((k) => k.term);

test("the keywords of the product meeting are its subjects, including key phrases", () => {
  const keywords = terms(productMeeting, 10);
  expect(keywords).toHaveLength(10);
  expect(keywords).toEqual(expect.arrayContaining(["team plan", "help center articles", "launch", "upload"]));
  for (const k of keywords) {
    expect(isStopword(k.toLowerCase(), "en")).toBe(false);
    expect(k).not.toMatch(/^\d+$/);
  }
});

test("scores are relative to the best keyword and fall", () => {
  const keywords = topKeywords(productMeeting, 8);
  expect(keywords[0]!.score).toBe(1);
  for (let i = 1; i < keywords.length; i++) expect(keywords[i]!.score).toBeLessThanOrEqual(keywords[i - 1]!.score);
});

test("a phrase replaces the word it mostly contains", () => {
  const keywords = terms(unpunctuatedLecture, 6);
  expect(keywords).toContain("hiring plan");
  expect(keywords).not.toContain("hiring");
  expect(keywords).toContain("office move");
});

test("Chinese keywords are segmenter words: no particles, pronouns or numbers", () => {
  const keywords = terms(chineseMeeting, 10);
  expect(keywords).toEqual(expect.arrayContaining(["支付", "预算", "登录"]));
  for (const k of keywords) {
    expect(k).not.toMatch(/^(我们|这个|一百二十|四月三日|之前)$/);
    expect([...k].length).toBeGreaterThanOrEqual(2);
  }
});

test("a text of stopwords and numbers has no keywords", () => {
  expect(topKeywords(passages([["0:00", null, "Yes, and so on, 12 or 13, okay?"]]), 5)).toEqual([]);
  expect(topKeywords([], 5)).toEqual([]);
});

test("greetings and backchannel are no keywords; the places the callers name are (pyannote_sample.stm, Chinese clips)", () => {
  const call = terms(pyannoteSample(), 10).map((k) => k.toLowerCase());
  expect(call).toEqual(expect.arrayContaining(["chicago", "jersey", "texas"]));
  for (const smallTalk of ["hello", "oh", "okay", "neither", "thought"]) expect(call).not.toContain(smallTalk);
  const chinese = terms(joinedClips("zh", ["甲", "乙"]), 10);
  expect(chinese).toEqual(expect.arrayContaining(["房地产", "商场"]));
  for (const filler of ["甚至", "几乎", "刚才"]) expect(chinese).not.toContain(filler);
});
