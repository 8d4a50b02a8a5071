import fs from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { readDocx } from "@/lib/documents/docx";
import { documentLimits } from "@/lib/documents/limits";
import { docxArchive, wParagraph } from "@/tests/helpers/docx-fixtures";
import { defaultSummaryStyle, type Passage, type SummaryStyle } from "../types";
import { summarizeLocally } from "./summarize";
import { analyzerTranslator, chineseMeeting, joinedClips, passages, productMeeting, pyannoteSample, segmenterWords, unpunctuatedLecture } from "./test-fixtures";

const en = analyzerTranslator("en");
const zh = analyzerTranslator("zh");

function summary(ps: Passage[], t = en, style: SummaryStyle = defaultSummaryStyle, title = "Weekly product meeting"): string {
  return summarizeLocally({ title, passages: ps, style, t });
}

/** The lines of one "## " section (up to the next "## "). */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter(Boolean);
}

const bulletsOf = (markdown: string, heading: string) => section(markdown, heading).filter((l) => l.startsWith("- "));
const sourceText = (ps: Passage[]) => ps.map((p) => p.text).join(" ");

test("an English meeting: every section in order, in the summary language, from the transcript's own sentences", () => {
  const md = summary(productMeeting);
  const headings = md.split("\n").filter((l) => l.startsWith("#"));
  expect(headings[0]).toBe("# Weekly product meeting");
  expect(headings.filter((h) => h.startsWith("## "))).toEqual(["## Overview", "## Key points", "## Topics", "## Keywords", "## Action items", "## Open questions"]);
  expect(section(md, "Overview")).toHaveLength(1);
  const keyPoints = bulletsOf(md, "Key points");
  expect(keyPoints.length).toBeGreaterThanOrEqual(3);
  expect(keyPoints.length).toBeLessThanOrEqual(8);
  for (const line of keyPoints) expect(sourceText(productMeeting)).toContain(line.slice(2).replace(/\\(.)/g, "$1"));
  expect(new Set(keyPoints).size).toBe(keyPoints.length);
});

test("topics: two or more, each labelled with its keywords and quoting a sentence with its time", () => {
  const md = summary(productMeeting);
  const topics = section(md, "Topics");
  const labels = topics.filter((l) => l.startsWith("### "));
  expect(labels.length).toBeGreaterThanOrEqual(2);
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels.join(" ")).toMatch(/upload|attachment/);
  expect(labels.join(" ")).toMatch(/team plan|pricing|invoice/);
  for (const line of topics.filter((l) => l.startsWith("- "))) expect(line).toMatch(/^- \[\d\d:\d\d\] \S/);
});

test("action items and questions are found, with time and speaker", () => {
  const md = summary(productMeeting);
  const actions = bulletsOf(md, "Action items").join("\n");
  expect(actions).toContain("[02:10] Anna: Ben, please submit the build to the app store review by March eighth.");
  expect(actions).toContain("Chloe: Yes, I will send the proposal to everyone by Friday.");
  expect(actions).toContain("We need to update the help center articles");
  expect(actions).not.toContain("let's talk about the launch date");
  const questions = bulletsOf(md, "Open questions").join("\n");
  expect(questions).toContain("[03:20] Anna: What would a team plan cost compared with the pro plan?");
  expect(questions).toContain("[01:05] Ben: Can we fix the attachment upload before the launch?");
});

test("keywords section lists sensible terms", () => {
  const keywords = bulletsOf(summary(productMeeting), "Keywords").map((l) => l.slice(2));
  expect(keywords).toEqual(expect.arrayContaining(["team plan", "launch"]));
});

test("a Chinese meeting gets Chinese headings, decisions and tasks", () => {
  const md = summary(chineseMeeting, zh, defaultSummaryStyle, "产品周会");
  expect(md.startsWith("# 产品周会\n\n## 概述\n\n")).toBe(true);
  for (const heading of ["要点", "主题", "关键词", "待办事项", "待解决的问题"]) expect(md).toContain(`## ${heading}`);
  expect(bulletsOf(md, "待办事项").join("\n")).toContain("[01:25] 张伟: 王强，请你在四月三日之前完成缓存的开发和测试。");
  expect(bulletsOf(md, "待解决的问题").join("\n")).toContain("线下展会的效果怎么评估？");
  expect(bulletsOf(md, "关键词").map((l) => l.slice(2))).toEqual(expect.arrayContaining(["支付", "预算", "登录"]));
  // Chinese sentences are joined without spaces.
  expect(section(md, "概述")[0]).not.toMatch(/。 /);
});

test("headings follow the summary language, content stays in the transcript's", () => {
  const md = summary(productMeeting, zh);
  expect(md).toContain("## 概述");
  expect(md).toContain("The sync problem comes from the way we upload attachments.");
});

test("unpunctuated lower-case speech still gives a summary of pseudo-sentences", () => {
  const md = summary(unpunctuatedLecture, en, defaultSummaryStyle, "planning call");
  expect(md).toContain("## Overview");
  expect(md).toContain("## Key points");
  expect(bulletsOf(md, "Keywords").map((l) => l.slice(2))).toEqual(expect.arrayContaining(["hiring plan", "office move"]));
  for (const line of bulletsOf(md, "Key points")) expect(line.split(" ").length).toBeLessThanOrEqual(32);
  expect(bulletsOf(md, "Action items").join("\n")).toContain("ask the recruiting agency");
  expect(bulletsOf(md, "Open questions").length).toBe(0);
});

test("length preference changes the amount; focus area pulls its sentences in", () => {
  const style = (lengthPreference: SummaryStyle["lengthPreference"], focusArea = ""): SummaryStyle => ({ enabled: true, lengthPreference, focusArea, customInstructions: "" });
  const short = summary(productMeeting, en, style("short"));
  const long = summary(productMeeting, en, style("long"));
  expect(short.length).toBeLessThan(long.length);
  expect(bulletsOf(short, "Key points").length).toBeLessThan(bulletsOf(long, "Key points").length);
  expect(bulletsOf(short, "Keywords").length).toBeLessThan(bulletsOf(long, "Keywords").length);
  const plain = summary(productMeeting, en, style("short"));
  const focused = summary(productMeeting, en, style("short", "invoice billing"));
  const mentions = (md: string) => [...section(md, "Overview"), ...bulletsOf(md, "Key points")].join(" ").match(/invoice/gi)?.length ?? 0;
  expect(mentions(focused)).toBeGreaterThan(mentions(plain));
});

test("edge cases: nothing, one short sentence, repeated sentences", () => {
  expect(summary([], en, defaultSummaryStyle, "Empty call")).toBe("# Empty call\n\nThere is nothing to summarise: the transcript is empty.\n");
  expect(summary(passages([["0:00", null, "   "]]), zh, defaultSummaryStyle, "")).toBe("# 摘要\n\n没有可总结的内容：转写文本为空。\n");
  const one = summary(passages([["0:00", null, "换一首歌"]]), zh, defaultSummaryStyle, "歌");
  expect(one.startsWith("# 歌\n\n## 概述\n\n换一首歌\n")).toBe(true);
  expect(one).not.toMatch(/## (要点|主题|待办事项|待解决的问题)/);
  const repeated = summary(
    passages([
      ["0:00", "A", "We should move the release to Monday."],
      ["0:05", "B", "We should move the release to Monday."],
      ["0:10", "A", "The database migration takes two hours on the production cluster."],
      ["0:20", "B", "Customers will see a maintenance page during the migration window."],
    ]),
  );
  const sentences = [...section(repeated, "Overview"), ...bulletsOf(repeated, "Key points")].join(" ");
  expect(sentences.match(/move the release to Monday/g)).toHaveLength(1);
});

test("German summary language: every heading the local analyzer writes is German", () => {
  const md = summary(productMeeting, analyzerTranslator("de"));
  const headings = md.split("\n").filter((l) => l.startsWith("## "));
  expect(headings).toEqual(["## Überblick", "## Kernpunkte", "## Themen", "## Schlüsselwörter", "## Aufgaben", "## Offene Fragen"]);
  expect(md).not.toMatch(/Overview|Key points|Keywords|Action items/);
});

test("a document (no clock: every passage at 0) cites no [00:00] in its action items, questions or topics", () => {
  const document = productMeeting.map((p) => ({ ...p, begin: 0, end: 0 }));
  const md = summary(document);
  expect(bulletsOf(md, "Action items").length).toBeGreaterThan(0);
  expect(md).not.toContain("[00:00]");
  expect(bulletsOf(md, "Action items")).toContain("- Ben: Okay, I will submit the build on March eighth at the latest.");
  // A recording keeps its times.
  expect(summary(productMeeting)).toContain("[02:25] Ben: Okay, I will submit");
});

describe("what a summary quotes can stand alone", () => {
  // Checked with words and stop words of our own here, not the analyzer's.
  const SMALL_TALK = {
    en: new Set("hello hi hey oh okay ok yeah yes no well so um uh i you it it's this that like know neither did didn't were was there thanks thank".split(" ")),
    zh: new Set("喂 你好 您好 大家 好 嗯 对 是 的 了 谢谢 好的 是的 啊 哦".split(" ")),
  };
  const quoted = (md: string, t = en) => [...section(md, t("summary.overview")), ...bulletsOf(md, t("summary.keyPoints")).map((l) => l.slice(2))];
  const keyPoints = (md: string, t = en) => bulletsOf(md, t("summary.keyPoints")).map((l) => l.slice(2));
  const expectStandsAlone = (line: string, locale: "en" | "zh") => {
    const words = segmenterWords(line, locale);
    expect(words.length).toBeGreaterThanOrEqual(4);
    expect(words.every((w) => SMALL_TALK[locale].has(w))).toBe(false);
  };

  test("a phone call (pyannote_sample.stm): no greeting, backchannel or fragment among the overview and key points", () => {
    for (const length of ["short", "medium", "long"] as const) {
      const md = summary(pyannoteSample(), en, { ...defaultSummaryStyle, enabled: true, lengthPreference: length }, "pyannote_sample");
      for (const line of keyPoints(md)) expectStandsAlone(line, "en");
      expect(quoted(md).join(" ")).not.toMatch(/Hello|Neither did I|didn't know you were there/);
      expect(bulletsOf(md, "Keywords").join(" ")).not.toMatch(/Hello|Neither/);
    }
  });

  test("a Chinese call with greetings and fillers: key points are the sentences that say something", () => {
    const smallTalk = ["喂？", "你好你好。", "嗯，对。", "好的，谢谢。", "嗯嗯，是的是的。"];
    // A short call: the summary wants more key points than there are statements.
    const rows = chineseMeeting.slice(0, 5).flatMap((p, i): [string, string | null, string][] => [
      [`${i}:00`, p.speaker, p.text],
      [`${i}:30`, "李娜", smallTalk[i]!],
    ]);
    const md = summary(passages(rows), zh, { ...defaultSummaryStyle, enabled: true, lengthPreference: "long" }, "周会");
    expect(keyPoints(md, zh).length).toBeGreaterThanOrEqual(3);
    for (const line of keyPoints(md, zh)) {
      expectStandsAlone(line, "zh");
      expect(smallTalk).not.toContain(line);
    }
    for (const line of quoted(md, zh)) for (const talk of smallTalk) expect(line).not.toContain(talk);
  });

  test("the Chinese corpus clips joined: the two-word request 换一首歌 is no key point", () => {
    const md = summary(joinedClips("zh", ["甲", "乙"]), zh, { ...defaultSummaryStyle, enabled: true, lengthPreference: "long" }, "录音");
    expect(keyPoints(md, zh).length).toBeGreaterThan(0);
    expect(keyPoints(md, zh)).not.toContain("换一首歌");
    for (const line of keyPoints(md, zh)) expectStandsAlone(line, "zh");
  });

  test("a .docx: no markdown mark is shown as text; its section headings name the topics", async () => {
    const book = fs.readFileSync(path.resolve(process.cwd(), "bench/data/common-sense.txt"), "utf8").split("\n").slice(1).map((l) => l.trim()).filter(Boolean);
    const titles = book.filter((l) => l.length < 120 && l === l.toUpperCase() && /[A-Z]{4}/.test(l));
    expect(titles).toContain("OF MONARCHY AND HEREDITARY SUCCESSION");
    const body = [wParagraph("Common Sense", { style: "Heading1" }), ...book.map((l) => wParagraph(l, titles.includes(l) ? { style: "Heading2" } : {}))].join("");
    const blocks = await readDocx(docxArchive(body), "common-sense.docx", documentLimits());
    const md = summary(blocks.map((b, index) => ({ index, begin: 0, end: 0, speaker: null, text: b.text.replace(/\s+/g, " ") })), en, defaultSummaryStyle, "Common Sense");
    // What a reader sees of each line, as the app renders it.
    const shown = md
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => new MarkdownIt().renderInline(l.replace(/^- /, "")));
    for (const line of shown) expect(line).not.toMatch(/^(#|\\#|&gt;|\|)|[.!?]\s+#{1,6}\s/);
    const labels = md.split("\n").filter((l) => l.startsWith("### ")).map((l) => l.slice(4));
    expect(labels.filter((l) => titles.some((title) => title.startsWith(l.replace(/…$/, ""))) || l === "Common Sense").length).toBeGreaterThanOrEqual(2);
  });
});
