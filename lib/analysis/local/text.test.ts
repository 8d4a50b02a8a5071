import MarkdownIt from "markdown-it";
import { isActionItem, isFollowUp, isGeneralQuestion, isQuestion } from "./cues";
import { formatClock } from "@/lib/format/time";
import { escapeMarkdown, formatTimestamp } from "./format";
import { passages, unpunctuatedLecture } from "./test-fixtures";
import { guessLanguage, splitSentences, tokenize } from "./text";

test("the language is guessed from the script, and for Latin script from its stopwords", () => {
  expect(guessLanguage("大家好，今天的会议主要讨论三件事。")).toBe("zh");
  expect(guessLanguage("客観的実在の判断的知識が成立するのである。")).toBe("ja");
  expect(guessLanguage("그는 이리저리 피하면서 길 한 옆으로 걸어갔다.")).toBe("ko");
  expect(guessLanguage("бедняга ребят на его месте должен был быть я")).toBe("ru");
  expect(guessLanguage("Der hinter diesem Portal liegenden Raum wurde als Leichenhalle genutzt, und das ist nicht alles.")).toBe("de");
  expect(guessLanguage("Sous le consulat il devient conservateur des eaux et forêts et conseiller général.")).toBe("fr");
  expect(guessLanguage("Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.")).toBe("es");
  expect(guessLanguage("Sempre alla radio nacquero anche alcune sue canzoni o meglio ritmi.")).toBe("it");
  expect(guessLanguage("And so my fellow Americans, ask not what your country can do for you.")).toBe("en");
  expect(guessLanguage("")).toBe("en");
});

test("sentences keep their passage; abbreviations do not end a sentence", () => {
  const ps = passages([
    ["0:00", "A", "Mr. Smith met Dr. Jones in Washington. They talked about the budget!"],
    ["0:30", "B", "Did they agree?"],
  ]);
  const sentences = splitSentences(ps, "en");
  expect(sentences.map((s) => s.text)).toEqual(["Mr. Smith met Dr. Jones in Washington.", "They talked about the budget!", "Did they agree?"]);
  expect(sentences.map((s) => s.passage.index)).toEqual([0, 0, 1]);
  expect(sentences.map((s) => s.position)).toEqual([0, 1, 2]);
});

test("Chinese is split at 。！？ and segmented into words", () => {
  const [first, second] = splitSentences(passages([["0:00", null, "我们需要在下周五之前完成产品发布。你觉得呢？"]]), "zh");
  expect(first!.text).toBe("我们需要在下周五之前完成产品发布。");
  expect(second!.text).toBe("你觉得呢？");
  const words = first!.words.map((w) => w.surface);
  expect(words).toEqual(expect.arrayContaining(["产品", "发布", "完成"]));
  expect(first!.words.filter((w) => w.content).map((w) => w.surface)).not.toContain("我们");
});

test("unpunctuated speech becomes pseudo-sentences of about twenty words; every passage gives at least one", () => {
  const sentences = splitSentences(unpunctuatedLecture, "en");
  expect(sentences.length).toBeGreaterThanOrEqual(6);
  for (const s of sentences) {
    const words = s.text.split(" ").length;
    expect(words).toBeGreaterThanOrEqual(12);
    expect(words).toBeLessThanOrEqual(30);
  }
  expect(sentences.map((s) => s.text).join(" ")).toBe(unpunctuatedLecture.map((p) => p.text).join(" "));
  expect(splitSentences(passages([["0:00", null, "换一首歌"]]), "zh").map((s) => s.text)).toEqual(["换一首歌"]);
});

test("stopwords, numbers and scraps are not content words; stems join inflected forms", () => {
  const words = tokenize("We planned 3 meetings and the meeting about budgets went well", "en");
  expect(words.filter((w) => w.content).map((w) => w.norm)).toEqual(["planned", "meetings", "meeting", "budgets"]);
  expect(new Set(words.filter((w) => /meeting/.test(w.norm)).map((w) => w.stem)).size).toBe(1);
  expect(tokenize("l'équipe", "fr")[0]!.norm).toBe("équipe");
  expect(tokenize("一百二十条反馈", "zh").filter((w) => w.content).map((w) => w.surface)).toEqual(["反馈"]);
  expect(tokenize("회의를 준비합니다", "ko")[0]!.stem).toBe("회의");
});

test("action items and questions are recognised in English and Chinese, with and without punctuation", () => {
  expect(isActionItem("Chloe, can you write a short proposal by Friday?", "en")).toBe(true);
  expect(isActionItem("I will send the proposal to everyone.", "en")).toBe(true);
  expect(isActionItem("I will say nothing of my antecedents.", "en")).toBe(false);
  expect(isActionItem("Then let's talk about the launch date.", "en")).toBe(false);
  expect(isActionItem("王强，请你在四月三日之前完成缓存的开发。", "zh")).toBe(true);
  expect(isActionItem("请问这是谁的手机？", "zh")).toBe(false);
  expect(isQuestion("What would a team plan cost?", "en")).toBe(true);
  expect(isQuestion("what do you think about starting the interviews next month", "en")).toBe(true);
  expect(isQuestion("The launch is in March.", "en")).toBe(false);
  expect(isQuestion("会不会影响发布时间？", "zh")).toBe(true);
  expect(isGeneralQuestion("What is this recording about?")).toBe(true);
  expect(isGeneralQuestion("请总结一下")).toBe(true);
  expect(isGeneralQuestion("When is the launch?")).toBe(false);
  expect(isFollowUp("And then?")).toBe(true);
  expect(isFollowUp("还有呢？")).toBe(true);
  expect(isFollowUp("And then what did Ben say?")).toBe(false);
});

test("timestamps and markdown escaping", () => {
  expect(formatClock(135_000)).toBe("02:15");
  expect(formatTimestamp(3_723_000)).toBe("[1:02:03]");
  expect(formatTimestamp(-5)).toBe("[00:00]");
  expect(escapeMarkdown("# 1 *bold* <b>")).toBe("\\# 1 \\*bold\\* \\<b\\>");
  expect(escapeMarkdown("1. first")).toBe("1\\. first");
});

test("escaped text renders as written (markdown-it, as the app renders summaries); an underscore inside a word needs no backslash", () => {
  // Without linkify: a URL said in the recording may become a link, that is not markdown syntax.
  const md = new MarkdownIt({ html: false, linkify: false });
  const literal = (s: string) => md.utils.escapeHtml(s);
  for (const text of ["pyannote_sample and snake_case_name", "_init_ and __dunder__ and a_", "*bold* **strong** ~~gone~~ `code`", "[link](https://example.com) <b>tag</b>", "| a | b |", "# heading", "- item", "1. first", "back\\slash_x"]) {
    expect(md.renderInline(escapeMarkdown(text))).toBe(literal(text));
  }
  expect(escapeMarkdown("pyannote_sample_v2")).toBe("pyannote_sample_v2");
  expect(escapeMarkdown("会议_纪要")).toBe("会议_纪要");
});
