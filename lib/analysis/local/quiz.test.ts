import type { Passage, QuizQuestion, QuizSettings } from "../types";
import { generateQuizLocally } from "./quiz";
import { analyzerTranslator, chineseMeeting, joinedClips, passages, productMeeting, pyannoteSample, segmenterWords, unpunctuatedLecture } from "./test-fixtures";

const en = analyzerTranslator("en");
const zh = analyzerTranslator("zh");
const settings = (type: QuizSettings["type"], count: number): QuizSettings => ({ type, count, includeAnswers: true, includeAnalysis: true });
const quiz = (ps: Passage[], s: QuizSettings, t = en, seed = "seed-1") => generateQuizLocally({ passages: ps, settings: s, t, seed });
const transcript = (ps: Passage[]) => ps.map((p) => p.text).join(" ");
const passageAt = (ps: Passage[], q: QuizQuestion) => ps.find((p) => p.index === q.source!.index)!;

function expectWellFormed(q: QuizQuestion, ps: Passage[]) {
  expect(q.options.length).toBeGreaterThanOrEqual(2);
  expect(new Set(q.options).size).toBe(q.options.length);
  expect(q.answer.length).toBeGreaterThanOrEqual(1);
  for (const a of q.answer) expect(a).toBeLessThan(q.options.length);
  expect(q.analysis.length).toBeGreaterThan(0);
  expect(q.analysis).toMatch(/\[\d\d:\d\d\]/);
  expect(q.source).toEqual({ index: passageAt(ps, q).index, begin: passageAt(ps, q).begin, end: passageAt(ps, q).end });
}

test("comprehensive: the asked number of questions, all three kinds, unique ids", () => {
  const qs = quiz(productMeeting, settings("comprehensive", 9));
  expect(qs).toHaveLength(9);
  expect(new Set(qs.map((q) => q.kind))).toEqual(new Set(["single", "truefalse", "multiple"]));
  expect(new Set(qs.map((q) => q.id)).size).toBe(9);
  for (const q of qs) expectWellFormed(q, productMeeting);
});

test("cloze: the right option fills the blank to give back the source sentence; distractors do not", () => {
  const qs = quiz(productMeeting, settings("single", 6));
  expect(qs).toHaveLength(6);
  for (const q of qs) {
    expect(q.kind).toBe("single");
    expect(q.options).toHaveLength(4);
    expect(q.answer).toHaveLength(1);
    const blanked = q.prompt.replace(/^Fill in the blank: /, "");
    expect(blanked).toContain("____");
    const filled = blanked.replace("____", q.options[q.answer[0]!]!);
    expect(passageAt(productMeeting, q).text).toContain(filled);
    for (const [i, option] of q.options.entries()) if (i !== q.answer[0]) expect(passageAt(productMeeting, q).text).not.toContain(blanked.replace("____", option));
    expect(q.analysis).toContain(`“${q.options[q.answer[0]!]}”`);
  }
});

test("true/false: true statements are in the transcript, false ones are not and name the swapped word", () => {
  const qs = quiz(productMeeting, settings("truefalse", 8));
  expect(qs).toHaveLength(8);
  const answers = new Set(qs.map((q) => q.answer[0]));
  expect(answers).toEqual(new Set([0, 1]));
  for (const q of qs) {
    expect(q.options).toEqual(["True", "False"]);
    const statement = q.prompt.replace(/^True or false\? /, "");
    if (q.answer[0] === 0) expect(transcript(productMeeting)).toContain(statement);
    else {
      expect(transcript(productMeeting)).not.toContain(statement);
      expect(q.analysis).toMatch(/^The statement is false: the recording says “.+”, not “.+”\./);
    }
  }
});

test("multiple choice: several right answers among four or five, each really linked in the transcript", () => {
  const qs = quiz(productMeeting, settings("multiple", 4));
  expect(qs).toHaveLength(4);
  for (const q of qs) {
    expect(q.kind).toBe("multiple");
    expect(q.options.length).toBeGreaterThanOrEqual(4);
    expect(q.options.length).toBeLessThanOrEqual(5);
    expect(q.answer.length).toBeGreaterThanOrEqual(2);
    expect(q.answer.length).toBeLessThan(q.options.length);
    const term = q.prompt.match(/“(.+)”/)?.[1];
    if (!term) continue;
    // Every right answer shares a sentence of the transcript with the term.
    const sentences = transcript(productMeeting).split(/(?<=[.?!])\s+/);
    for (const a of q.answer) {
      const option = q.options[a]!.toLowerCase();
      expect(sentences.some((s) => s.toLowerCase().includes(option) && s.toLowerCase().includes(term.toLowerCase().slice(0, 4)))).toBe(true);
    }
  }
});

test("the same seed gives the same quiz; another seed shuffles differently", () => {
  const a = quiz(productMeeting, settings("comprehensive", 6), en, "x");
  expect(quiz(productMeeting, settings("comprehensive", 6), en, "x")).toEqual(a);
  const b = quiz(productMeeting, settings("comprehensive", 6), en, "y");
  expect(b.map((q) => q.id)).not.toEqual(a.map((q) => q.id));
  expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
});

test("a Chinese quiz has Chinese prompts and blanks a Chinese keyword", () => {
  const qs = quiz(chineseMeeting, settings("comprehensive", 5), zh);
  expect(qs).toHaveLength(5);
  const cloze = qs.find((q) => q.kind === "single")!;
  expect(cloze.prompt.startsWith("填空：")).toBe(true);
  expect(passageAt(chineseMeeting, cloze).text).toContain(cloze.prompt.slice(3).replace("____", cloze.options[cloze.answer[0]!]!));
  expect(qs.find((q) => q.kind === "truefalse")!.options).toEqual(["对", "错"]);
  for (const q of qs) expectWellFormed(q, chineseMeeting);
});

test("a short text gives as many questions as it can, at least one; an empty one none", () => {
  const one = quiz(passages([["0:00", null, "he was not an ill disposed young man"]]), settings("multiple", 5));
  expect(one).toHaveLength(1);
  expect(one[0]!.kind).toBe("truefalse");
  expect(one[0]!.answer).toEqual([0]);
  expect(quiz(unpunctuatedLecture, settings("comprehensive", 20)).length).toBeLessThanOrEqual(7);
  expect(quiz(unpunctuatedLecture, settings("comprehensive", 20)).length).toBeGreaterThanOrEqual(4);
  expect(quiz([], settings("single", 3))).toEqual([]);
});

test("a document's quiz (untimed) quotes the text without [00:00], in the summary language", () => {
  const document = productMeeting.map((p) => ({ ...p, begin: 0, end: 0 }));
  const questions = quiz(document, settings("comprehensive", 5), analyzerTranslator("de"));
  expect(questions.length).toBeGreaterThan(0);
  for (const q of questions) {
    expect(q.analysis).not.toContain("[00:00]");
    expect(q.analysis).toContain("Im Text heißt es: „");
  }
});

describe("every question can be understood on its own", () => {
  // Checked with Intl.Segmenter words and a stop list of our own here, not the analyzer's.
  const STOP = new Set("a an the of to in on and or but so is are was were be i you he she it we they this that these those my your oh hello okay yes no well like just very".split(" "));
  const zhCloze = (q: QuizQuestion) => q.prompt.replace(/^填空：/, "");
  const enCloze = (q: QuizQuestion) => q.prompt.replace(/^Fill in the blank: /, "");
  const enStatement = (q: QuizQuestion) => q.prompt.replace(/^True or false\? /, "");

  function expectSelfContained(q: QuizQuestion, locale: "en" | "zh") {
    if (q.kind === "single") {
      const sentence = locale === "zh" ? zhCloze(q) : enCloze(q);
      expect(sentence).toContain("____");
      expect(segmenterWords(sentence.replace("____", " "), locale).length).toBeGreaterThanOrEqual(4);
      const answer = q.options[q.answer[0]!]!;
      expect(STOP.has(answer.toLowerCase())).toBe(false);
    } else if (q.kind === "truefalse" && locale === "en") {
      const statement = enStatement(q);
      expect(segmenterWords(statement, locale).length).toBeGreaterThanOrEqual(4);
      expect(statement).not.toMatch(/^#|^- |\|/);
    }
  }

  const allKinds = (ps: Passage[], t = en) => (["single", "truefalse", "multiple", "comprehensive"] as const).flatMap((type) => quiz(ps, settings(type, 10), t));

  test("a phone call with greetings and one-word turns (pyannote_sample.stm)", () => {
    const qs = allKinds(pyannoteSample());
    expect(qs.length).toBeGreaterThanOrEqual(10);
    for (const q of qs) expectSelfContained(q, "en");
  });

  test("a call where single keywords are whole turns never blanks a whole sentence", () => {
    const call = passages([
      ["0:00", "A", "Printing."],
      ["0:02", "B", "Printing differs from most of the arts and crafts represented in the Exhibition."],
      ["0:08", "A", "Typography?"],
      ["0:10", "B", "The Gutenberg Bible is the earliest book printed with movable types."],
      ["0:15", "A", "Movable types."],
      ["0:17", "B", "The Chinese took impressions from wood blocks engraved in relief for centuries."],
      ["0:22", "A", "Wood blocks, right."],
      ["0:25", "B", "The invention of movable metal letters is the invention of the art of printing."],
    ]);
    const qs = allKinds(call);
    expect(qs.some((q) => q.kind === "single")).toBe(true);
    for (const q of qs) expectSelfContained(q, "en");
  });

  test("Chinese corpus clips joined into one recording", () => {
    for (const q of allKinds(joinedClips("zh", ["甲", "乙"]), zh)) expectSelfContained(q, "zh");
  });

  test("a document's headings and table rows never become a question", () => {
    const doc = [
      "# Quarterly planning",
      "The team reviewed the budget for the next quarter and agreed on the hiring plan for the new office.",
      "## Hiring",
      "- Two backend engineers join the platform team before the summer - One product designer joins in the autumn",
      "The new office opens in September, closer to the train station, with two meeting rooms.",
      "| Role | Owner | | --- | --- | | Engineer | Anna | | Designer | Ben |",
      "The landlord wants the office contract signed by the end of June.",
    ].map((text, index) => ({ index, begin: 0, end: 0, speaker: null, text }));
    const qs = allKinds(doc);
    expect(qs.length).toBeGreaterThan(0);
    for (const q of qs) {
      expectSelfContained(q, "en");
      for (const text of [q.prompt, ...q.options]) expect(text).not.toMatch(/Quarterly planning$|^Hiring$|Role; Owner|#|\|/);
    }
  });
});
