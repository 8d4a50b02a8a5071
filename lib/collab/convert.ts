import { ENTRY_NODE } from "./editor-schema";
import { withoutNeedlessEscapes } from "./markdown-escapes";

// A task's parts ⇄ the editors' ProseMirror JSON. The only conversion our own code does:
// Yjs (through TipTap) owns merging. No server imports: the browser converts on Exit.

export type CollabPart = "transcript" | "summary";

export const COLLAB_PARTS: readonly CollabPart[] = ["transcript", "summary"];

export interface CollabEntry {
  speakerId: string | null;
  beginMs: number;
  endMs: number;
  text: string;
}

interface PmNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PmNode[];
  text?: string;
}

export type PmDoc = PmNode;

/** "<taskId>:transcript" / "<taskId>:summary": one Yjs document per co-edited part. */
export function collabDocumentName(taskId: string, part: CollabPart): string {
  return `${taskId}:${part}`;
}

const NAME = /^([A-Za-z0-9_-]{1,64}):(transcript|summary)$/;

export function parseCollabDocumentName(name: string): { taskId: string; part: CollabPart } | null {
  const m = NAME.exec(name);
  return m ? { taskId: m[1]!, part: m[2] as CollabPart } : null;
}

const textNode = (text: string): PmNode[] => (text ? [{ type: "text", text }] : []);

function textOf(node: PmNode): string {
  if (node.type === "text") return node.text ?? "";
  return (node.content ?? []).map(textOf).join("");
}

export function transcriptToDoc(entries: CollabEntry[]): PmDoc {
  const blocks = entries.map((e) => ({ type: ENTRY_NODE, attrs: { speakerId: e.speakerId, beginMs: e.beginMs, endMs: e.endMs }, content: textNode(e.text) }));
  // The schema needs one block at least: an empty transcript is one empty entry.
  return { type: "doc", content: blocks.length ? blocks : [{ type: ENTRY_NODE, attrs: { speakerId: null, beginMs: 0, endMs: 0 }, content: [] }] };
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.round(v)) : null);

/**
 * The entries of an edited transcript. A paragraph split off at its end has no times:
 * it starts where the one before it ends. Empty paragraphs are dropped.
 */
export function docToTranscript(doc: PmDoc): CollabEntry[] {
  const out: CollabEntry[] = [];
  let lastEnd = 0;
  for (const node of doc.content ?? []) {
    if (node.type !== ENTRY_NODE) continue;
    const text = textOf(node).trim();
    const beginMs = num(node.attrs?.beginMs) ?? lastEnd;
    const endMs = Math.max(beginMs, num(node.attrs?.endMs) ?? beginMs);
    lastEnd = endMs;
    if (!text) continue;
    const speakerId = typeof node.attrs?.speakerId === "string" && node.attrs.speakerId ? node.attrs.speakerId : null;
    out.push({ speakerId, beginMs, endMs, text });
  }
  return out;
}

/**
 * The summary's markdown source, one paragraph per line. Backslash escapes that change nothing
 * in how the summary renders are dropped first: co-editors see "pyannote_sample", not
 * "pyannote\_sample", and Exit writes back a summary that renders as before.
 */
export function summaryToDoc(markdown: string): PmDoc {
  const lines = withoutNeedlessEscapes(markdown.replace(/\r\n?/g, "\n")).replace(/\n+$/, "").split("\n");
  return { type: "doc", content: lines.map((line) => ({ type: "paragraph", content: textNode(line) })) };
}

export function docToSummary(doc: PmDoc): string {
  return (doc.content ?? []).map(textOf).join("\n").trim();
}
