import { answerLocally, rankPassages } from "./chat";
import { analyzerTranslator, chineseMeeting, productMeeting, unpunctuatedLecture } from "./test-fixtures";

const en = analyzerTranslator("en");
const zh = analyzerTranslator("zh");

test("a question is answered by quoting the passage that holds the answer, with time and speaker", () => {
  const answer = answerLocally({ question: "What causes the sync problem?", passages: productMeeting, t: en });
  expect(answer.markdown.startsWith("Here is what the recording says about “What causes the sync problem?”:\n\n")).toBe(true);
  expect(answer.markdown).toContain("> **[00:40] Chloe:** The sync problem comes from the way we upload attachments.");
  expect(answer.citations[0]).toEqual({ index: 2, begin: 40_000, end: 65_000 });
  expect(answer.citations.length).toBeLessThanOrEqual(4);
  expect(answer.markdown.match(/^> /gm)).toHaveLength(answer.citations.length);
});

test("a speaker's name and word forms find the passage (\"writes\" finds \"write\")", () => {
  const answer = answerLocally({ question: "Who writes the proposal for the team plan pricing?", passages: productMeeting, t: en });
  expect(answer.citations.map((c) => c.index)).toContain(14);
  const byName = answerLocally({ question: "What did Chloe say about invoices?", passages: productMeeting, t: en });
  expect(byName.citations[0]!.index).toBe(10);
});

test("a quoted question brings the reply after it", () => {
  const answer = answerLocally({ question: "How much would a team plan cost?", passages: productMeeting, t: en });
  expect(answer.citations.slice(0, 2).map((c) => c.index)).toEqual([11, 12]);
  expect(answer.markdown).toContain("> **[03:28] Chloe:** Other apps in this market charge about twelve dollars per user");
});

test("a Chinese question retrieves the Chinese passage, also through partial words", () => {
  const answer = answerLocally({ question: "支付失败是什么原因？", passages: chineseMeeting, t: zh });
  expect(answer.markdown.startsWith("关于“支付失败是什么原因？”，录音中是这样说的：")).toBe(true);
  expect(answer.citations[0]).toEqual({ index: 8, begin: 135_000, end: 155_000 });
  expect(answer.markdown).toContain("> **[02:15] 王强:** 支付失败的问题和第三方支付接口有关");
  const slow = answerLocally({ question: "登录为什么慢", passages: chineseMeeting, t: zh });
  expect(slow.citations[0]!.index).toBe(2);
  const card = answerLocally({ question: "信用卡", passages: chineseMeeting, t: zh });
  expect(card.citations.map((c) => c.index)).toEqual([7]);
});

test("general questions get an overview with keywords, in any language", () => {
  for (const question of ["What is this about?", "Can you summarize the meeting?", "总结一下", "Worum geht es?"]) {
    const answer = answerLocally({ question, passages: productMeeting, t: en });
    expect(answer.markdown.startsWith("Here is an overview of the recording:")).toBe(true);
    expect(answer.markdown).toMatch(/^- \[\d\d:\d\d\] /m);
    expect(answer.markdown).toContain("Main keywords:");
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
  }
  const zhAnswer = answerLocally({ question: "主要内容是什么？", passages: chineseMeeting, t: zh });
  expect(zhAnswer.markdown).toContain("主要关键词：支付、");
});

test("nothing relevant: say so and suggest keywords", () => {
  const answer = answerLocally({ question: "What is the capital of France?", passages: productMeeting, t: en });
  expect(answer.citations).toEqual([]);
  expect(answer.markdown).toMatch(/^I could not find anything about this in the transcript\.\n\nYou could ask about: .*team plan/);
  expect(answerLocally({ question: "Anything?", passages: [], t: en }).markdown).toBe("The transcript is empty, so there is nothing to answer from.");
});

test("a short follow-up continues the previous question without repeating what was quoted", () => {
  const first = answerLocally({ question: "What about the upload queue?", passages: productMeeting, t: en });
  const history = [
    { role: "user" as const, content: "What about the upload queue?" },
    { role: "assistant" as const, content: first.markdown },
  ];
  const more = answerLocally({ question: "and then?", passages: productMeeting, history, t: en });
  expect(more.citations.length).toBeGreaterThan(0);
  for (const c of more.citations) expect(first.citations.map((f) => f.index)).not.toContain(c.index);
  expect(answerLocally({ question: "more", passages: productMeeting, t: en }).markdown).toContain("overview");
});

test("unpunctuated speech: a long passage is quoted by its matching part", () => {
  const answer = answerLocally({ question: "when is the office move", passages: unpunctuatedLecture, t: en });
  expect(answer.citations[0]!.index).toBe(2);
  expect(answer.markdown).toContain("> **[01:30]** about the office move");
});

test("rankPassages puts matching passages first and fills up with central ones", () => {
  const ranked = rankPassages("invoice billing", productMeeting, 5);
  expect(ranked).toHaveLength(5);
  expect(ranked.slice(0, 3).map((p) => p.index)).toEqual(expect.arrayContaining([10, 13]));
  expect(rankPassages("zebra", productMeeting, 3)).toHaveLength(3);
});

test("the answer's own sentences follow the summary language (German), the quotes stay as said", () => {
  const de = analyzerTranslator("de");
  const answer = answerLocally({ question: "What causes the sync problem?", passages: productMeeting, t: de });
  expect(answer.markdown.startsWith("Das sagt die Aufnahme zu „What causes the sync problem?“:")).toBe(true);
  const overview = answerLocally({ question: "", passages: productMeeting, t: de });
  expect(overview.markdown.startsWith("Hier ist ein Überblick über die Aufnahme:")).toBe(true);
  expect(overview.markdown).toContain("Wichtigste Schlüsselwörter:");
});

test("a document (untimed) is quoted without [00:00], and a follow-up still skips what was quoted", () => {
  const document = productMeeting.map((p) => ({ ...p, begin: 0, end: 0 }));
  const answer = answerLocally({ question: "What causes the sync problem?", passages: document, t: en });
  expect(answer.markdown).not.toContain("[00:00]");
  expect(answer.markdown).toContain("> **Chloe:** The sync problem comes from the way we upload attachments.");
  const overview = answerLocally({ question: "", passages: document, t: en });
  expect(overview.markdown).not.toContain("[00:00]");
});
