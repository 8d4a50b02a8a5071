import { blocksFromPlainText } from "@/lib/documents/blocks";
import { readDocx } from "@/lib/documents/docx";
import { documentLimits } from "@/lib/documents/limits";
import { docxArchive, wParagraph, wTable } from "@/tests/helpers/docx-fixtures";
import type { Passage } from "../types";
import { inlinePlain, readBlocks } from "./markdown";
import { splitSentences } from "./text";

/** A document's blocks as the analyzer gets them (lib/analysis/passages.ts folds every line break into a space). */
const asPassages = (texts: string[]): Passage[] => texts.map((text, index) => ({ index, begin: 0, end: 0, speaker: null, text: text.replace(/\s+/g, " ").trim() }));

test("a .docx read by lib/documents: the analyzer sees the words the author typed, each block as its kind", async () => {
  const body = [
    wParagraph("Quarterly planning for pyannote_sample", { style: "Heading1" }),
    wParagraph("The team reviewed the budget for the next quarter."),
    wParagraph("Hiring", { style: "Heading2" }),
    wParagraph("Two engineers before the summer", { numId: 1 }),
    wParagraph("One of them in Berlin", { numId: 1, level: 1 }),
    wParagraph("One designer in the autumn", { numId: 1 }),
    wParagraph("Interview the candidates", { numId: 2 }),
    wParagraph("Send the offers", { numId: 2 }),
    wTable([["Role", "Owner"], ["Engineer | backend", "Anna"], ["Designer", "Ben"]]),
  ].join("");
  const blocks = await readDocx(docxArchive(body), "plan.docx", documentLimits());
  const sentences = splitSentences(asPassages(blocks.map((b) => b.text)), "en");
  expect(sentences.map((s) => [s.block, s.text])).toEqual([
    ["heading", "Quarterly planning for pyannote_sample"],
    ["prose", "The team reviewed the budget for the next quarter."],
    ["heading", "Hiring"],
    ["prose", "Two engineers before the summer"],
    ["prose", "One of them in Berlin"],
    ["prose", "One designer in the autumn"],
    ["prose", "Interview the candidates"],
    ["prose", "Send the offers"],
    ["table", "Role; Owner"],
    ["table", "Engineer | backend; Anna"],
    ["table", "Designer; Ben"],
  ]);
  // Line breaks kept (another loader) read the same.
  expect(splitSentences(blocks.map((b, index) => ({ index, begin: 0, end: 0, speaker: null, text: b.text })), "en").map((s) => s.text)).toEqual(sentences.map((s) => s.text));
});

test("pasted markdown text (lib/documents' plain-text blocks) reads the same way", () => {
  const pasted = "# 季度计划\n\n团队审核了下季度的预算。\n\n- 招聘两名工程师\n- 秋季招聘一名设计师\n\n1. 面试候选人\n2. 发出录用通知";
  const sentences = splitSentences(asPassages(blocksFromPlainText(pasted).map((b) => b.text)), "zh");
  expect(sentences.map((s) => [s.block, s.text])).toEqual([
    ["heading", "季度计划"],
    ["prose", "团队审核了下季度的预算。"],
    ["prose", "招聘两名工程师"],
    ["prose", "秋季招聘一名设计师"],
    ["prose", "面试候选人"],
    ["prose", "发出录用通知"],
  ]);
});

test("speech is one prose block, whatever its dashes, hashes and stars", () => {
  for (const text of ["we said - and I mean it - that the launch moves", "the #1 priority is 5 * 3 people", "Hello?"]) expect(readBlocks(text)).toEqual([{ kind: "prose", text }]);
});

test("inline marks go, the words stay", () => {
  expect(inlinePlain("**Launch** on *Monday* with _the_ team, see [the plan](https://example.com/plan) and `deploy.sh`")).toBe("Launch on Monday with the team, see the plan and deploy.sh");
  expect(inlinePlain("pyannote_sample and snake_case_name stay, so does 5 * 3 * 2")).toBe("pyannote_sample and snake_case_name stay, so does 5 * 3 * 2");
  expect(inlinePlain("\\# not a heading, a \\| b, \\[note\\]")).toBe("# not a heading, a | b, [note]");
});
