import { getSchema } from "@tiptap/core";
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
