import "server-only";
import { RootTopic, Topic, Workbook } from "xmind-generator";
import { mindMapFromMarkdown } from "@/lib/analysis/mindmap";
import type { MindMapNode } from "@/lib/analysis/types";

// The .xmind file of a task's mind map: the same tree the mind-map tab draws, which
// POST /api/transcription/regenerate-xmind redraws from the saved summary.

type Builder = ReturnType<typeof Topic>;

function topic(node: MindMapNode): Builder {
  const t = Topic(node.content || " ");
  return node.children.length ? t.children(node.children.map(topic)) : t;
}

/** The stored map; a task analysed before maps were stored gets one drawn from its summary by the same builder. */
export function mindMapFor(task: { title: string; summary: string | null; mindMap: unknown }): MindMapNode | null {
  const stored = task.mindMap as MindMapNode | null;
  if (stored && typeof stored.content === "string" && Array.isArray(stored.children)) return stored;
  return task.summary ? mindMapFromMarkdown(task.summary, task.title) : null;
}

export async function mindMapXmind(root: MindMapNode, fallbackTitle: string): Promise<Buffer> {
  const rootTopic = RootTopic(root.content || fallbackTitle);
  const workbook = Workbook(root.children.length ? rootTopic.children(root.children.map(topic)) : rootTopic);
  // archive() resolves to the zip's bytes (writeLocalFile would not wait for its write).
  return Buffer.from(await workbook.archive());
}
