import "server-only";
import { createHash } from "node:crypto";
import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYXmlFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { prisma } from "@/lib/server/prisma";
import { collabDocumentName, summaryToDoc, transcriptToDoc, type CollabEntry, type CollabPart } from "./convert";
import { COLLAB_FIELD, summaryExtensions, transcriptExtensions } from "./editor-schema";

// The stored side of co-editing: what a task part holds now, the Yjs state Hocuspocus keeps
// (CollabDocument, bytea), and the seed of a document opened for the first time.

export type PartContent = { part: "transcript"; entries: CollabEntry[] } | { part: "summary"; markdown: string };

/** The part as stored on the task now, or null when the task is gone. */
export async function readTaskPart(taskId: string, part: CollabPart): Promise<PartContent | null> {
  if (part === "summary") {
    const task = await prisma.task.findFirst({ where: { id: taskId, deletedAt: null }, select: { summary: true } });
    return task ? { part, markdown: task.summary ?? "" } : null;
  }
  const task = await prisma.task.findFirst({
    where: { id: taskId, deletedAt: null },
    select: { timeline: { orderBy: { position: "asc" }, select: { speakerId: true, begin: true, end: true, text: true } } },
  });
  return task ? { part, entries: task.timeline.map((e) => ({ speakerId: e.speakerId, beginMs: e.begin, endMs: e.end, text: e.text })) } : null;
}

/** Names the content a stored Yjs state was built from (or already holds). */
export function contentHash(content: PartContent): string {
  const canonical = content.part === "summary" ? content.markdown : JSON.stringify(content.entries.map((e) => [e.speakerId, e.beginMs, e.endMs, e.text]));
  return createHash("sha256").update(`${content.part}\n${canonical}`).digest("hex");
}

const schemas = { transcript: getSchema(transcriptExtensions()), summary: getSchema(summaryExtensions()) };

function clientIdOf(hash: string): number {
  return Number.parseInt(hash.slice(0, 8), 16) >>> 0 || 1;
}

/**
 * The Yjs update of a document holding `content`: fresh, or `base` (a stored state) brought
 * to `content` by a diff of its blocks (unchanged paragraphs keep their identity). The edit's
 * client id comes from the hashes, so two processes doing the same seed at once produce the
 * same update and Yjs merges them into one copy, never two.
 */
export function seedUpdate(content: PartContent, hash = contentHash(content), base?: Uint8Array): Uint8Array {
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  doc.clientID = clientIdOf(base ? createHash("sha256").update(base).update(hash).digest("hex") : hash);
  const json = content.part === "summary" ? summaryToDoc(content.markdown) : transcriptToDoc(content.entries);
  prosemirrorJSONToYXmlFragment(schemas[content.part], json, doc.getXmlFragment(COLLAB_FIELD));
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/**
 * The state to open a document with: the stored one while it holds what the task holds now;
 * else (first time, or the task changed outside co-editing) the stored one brought to the
 * task's content, or a fresh seed. Kept at once, so a second process opening the document
 * meanwhile starts from the same state (Redis then joins the two).
 */
export async function loadDocumentState(taskId: string, part: CollabPart): Promise<Uint8Array> {
  const content = await readTaskPart(taskId, part);
  if (!content) throw new Error("task gone");
  const name = collabDocumentName(taskId, part);
  const baseHash = contentHash(content);
  const row = await prisma.collabDocument.findUnique({ where: { name }, select: { state: true, baseHash: true } });
  if (row && row.baseHash === baseHash) return new Uint8Array(row.state);
  const state = seedUpdate(content, baseHash, row ? new Uint8Array(row.state) : undefined);
  const bytes = new Uint8Array(state);
  await prisma.collabDocument.upsert({ where: { name }, create: { name, taskId, state: bytes, baseHash }, update: { state: bytes, baseHash } });
  return state;
}

/** After Exit wrote `parts` back: the stored documents hold what the task now holds. */
export async function markWrittenBack(taskId: string, parts: CollabPart[]): Promise<void> {
  for (const part of parts) {
    const content = await readTaskPart(taskId, part);
    if (content) await prisma.collabDocument.updateMany({ where: { name: collabDocumentName(taskId, part) }, data: { baseHash: contentHash(content) } });
  }
}

/**
 * Keeps a document's state. Its base stays: what the task held when the document was loaded
 * or last written back on Exit (markWrittenBack), whichever came last.
 */
export async function storeDocumentState(taskId: string, part: CollabPart, state: Uint8Array): Promise<void> {
  const name = collabDocumentName(taskId, part);
  const bytes = new Uint8Array(state);
  const updated = await prisma.collabDocument.updateMany({ where: { name }, data: { state: bytes } });
  if (updated.count > 0) return;
  const content = await readTaskPart(taskId, part);
  if (!content) return; // deleted meanwhile: the row went with the task (cascade)
  await prisma.collabDocument.upsert({ where: { name }, create: { name, taskId, state: bytes, baseHash: contentHash(content) }, update: { state: bytes } });
}
