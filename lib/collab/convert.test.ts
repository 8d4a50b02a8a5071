import { getSchema } from "@tiptap/core";
import MarkdownIt from "markdown-it";
import { summarizeLocally } from "@/lib/analysis/local/summarize";
import { analyzerTranslator } from "@/lib/analysis/local/test-fixtures";
import { defaultSummaryStyle } from "@/lib/analysis/types";
import { yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { docToSummary, docToTranscript, parseCollabDocumentName, summaryToDoc, transcriptToDoc, type CollabEntry } from "./convert";
import { seedUpdate } from "./documents";
import { COLLAB_FIELD, ENTRY_NODE, transcriptExtensions } from "./editor-schema";

// The one conversion of our own: a task part ⇄ the editor's document (Yjs merges everything else).
const entries: CollabEntry[] = [
  { speakerId: "spk-a", beginMs: 0, endMs: 4200, text: "Good morning, everyone." },
  { speakerId: "spk-b", beginMs: 4200, endMs: 9100, text: "早上好，我们开始吧。" },
  { speakerId: null, beginMs: 9100, endMs: 9900, text: "(laughter)" },
];

test("a transcript goes to the document and back with speakers and times", () => {
  expect(docToTranscript(transcriptToDoc(entries))).toEqual(entries);
});

test("a paragraph split off at its end starts where the one before ends; empty ones are dropped", () => {
  const doc = transcriptToDoc(entries);
  doc.content!.splice(1, 0, { type: ENTRY_NODE, attrs: { speakerId: null, beginMs: null, endMs: null }, content: [{ type: "text", text: "Added." }] });
  doc.content!.push({ type: ENTRY_NODE, attrs: { speakerId: "spk-a", beginMs: 9900, endMs: 9900 }, content: [] });
  const back = docToTranscript(doc);
  expect(back[1]).toEqual({ speakerId: null, beginMs: 4200, endMs: 4200, text: "Added." });
  expect(back).toHaveLength(4);
});

test("the summary's markdown is kept line for line", () => {
  const md = "# Launch\n\n- battery first\n  - by Friday\n1. press release";
  expect(docToSummary(summaryToDoc(`${md}\n\n`))).toBe(md);
});

test("document names are <taskId>:<part>, nothing else", () => {
  expect(parseCollabDocumentName("cmabc123:transcript")).toEqual({ taskId: "cmabc123", part: "transcript" });
  expect(parseCollabDocumentName("cmabc123:summary")).toEqual({ taskId: "cmabc123", part: "summary" });
  expect(parseCollabDocumentName("cmabc123:secrets")).toBeNull();
  expect(parseCollabDocumentName("../x:summary")).toBeNull();
});

test("seeds are deterministic: two seeds of the same content merge into one copy; a reseed brings a state to new content", () => {
  const content = { part: "transcript" as const, entries };
  const doc = new Y.Doc();
  Y.applyUpdate(doc, seedUpdate(content));
  Y.applyUpdate(doc, seedUpdate(content));
  const schema = getSchema(transcriptExtensions());
  const json = yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(COLLAB_FIELD), schema).toJSON();
  expect(docToTranscript(json)).toEqual(entries);

  const changed = [...entries.slice(0, 2), { ...entries[2]!, text: "(applause)" }];
  const rebased = seedUpdate({ part: "transcript", entries: changed }, undefined, Y.encodeStateAsUpdate(doc));
  Y.applyUpdate(doc, rebased);
  const after = yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(COLLAB_FIELD), schema).toJSON();
  expect(docToTranscript(after)).toEqual(changed);
});

describe("the summary's backslash escapes", () => {
  // How the app shows a summary (components/analysis/MarkdownView.tsx): the round trip must not change it.
  const shown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
  const roundTrip = (md: string) => docToSummary(summaryToDoc(md));
  const editorLines = (md: string) => summaryToDoc(md).content!.map((p) => (p.content ?? []).map((n) => n.text).join(""));

  test("needless escapes are not shown in the editor, and the summary renders as before after Exit", () => {
    const md = [
      "# pyannote\\_sample",
      "",
      "## Key points",
      "",
      "- Diane is in New Jersey, see the file pyannote\\_sample\\_v2.wav \\[draft\\].",
      "- 5 \\* 3 \\* 2 and a \\| b, 50\\~60 people",
      "- \\[00:07\\] is not a time link",
    ].join("\n");
    expect(editorLines(md)).toEqual([
      "# pyannote_sample",
      "",
      "## Key points",
      "",
      "- Diane is in New Jersey, see the file pyannote_sample_v2.wav [draft].",
      "- 5 * 3 * 2 and a | b, 50~60 people",
      "- [00:07] is not a time link",
    ]);
    expect(shown.render(roundTrip(md))).toBe(shown.render(md));
  });

  test("escapes that matter stay: a line that is not a heading or a list, emphasis and HTML shown as text, a pipe inside a table", () => {
    const kept = ["\\# not a heading", "1\\. not a list", "\\- not an item", "\\*not emphasis\\*", "\\_\\_init\\_\\_ is a name", "\\<b\\>bold\\</b\\>"];
    for (const line of kept) {
      expect(shown.render(roundTrip(line))).toBe(shown.render(line));
      expect(roundTrip(line)).toContain("\\");
    }
    const table = "| item | owner |\n| --- | --- |\n| launch \\| beta | Ann\\_Lee |";
    expect(shown.render(roundTrip(table))).toBe(shown.render(table));
    expect(roundTrip(table)).toBe("| item | owner |\n| --- | --- |\n| launch \\| beta | Ann_Lee |");
  });

  test("a summary written by the local analyzer round-trips without a visible backslash where none is needed", () => {
    const t = analyzerTranslator("en");
    const passages = [
      { index: 0, begin: 0, end: 4000, speaker: "Diane", text: "The recording pyannote_sample has two speakers, Diane and Sheila, who talk about Chicago and New Jersey." },
      { index: 1, begin: 4000, end: 9000, speaker: "Sheila", text: "Sheila grew up in Chicago and lives in Texas now [laughs], where people call her a Yankee." },
      { index: 2, begin: 9000, end: 14000, speaker: "Diane", text: "Diane grew up in Chicago as well and moved to New Jersey, where nobody calls her a Yankee." },
    ];
    const md = summarizeLocally({ title: "pyannote_sample", passages, style: defaultSummaryStyle, t });
    const lines = editorLines(md);
    expect(lines[0]).toBe("# pyannote_sample");
    expect(lines.join("\n")).not.toMatch(/\\[_[\]]/);
    expect(shown.render(roundTrip(md))).toBe(shown.render(md.trim()));
  });
});
