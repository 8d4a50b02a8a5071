import "server-only";
import { AppError } from "@/lib/server/errors";
import { mindMapFromMarkdown } from "@/lib/analysis/mindmap";
import type { MindMapNode } from "@/lib/analysis/types";
import { prisma } from "@/lib/server/prisma";
import { isAnalyzed, tokenHash } from "./sharing.service";
import { isShareToken } from "./share-link";

/**
 * All a share-link viewer ever gets (roles and permissions): the title, the summary's markdown and
 * the mind map, with the share's date and the summary's language. No recording, no
 * transcript, no translation, no speakers, no ids or emails: the one query below
 * selects nothing else, so no code path can leak more.
 */
export interface SharedView {
  title: string;
  summary: string;
  mindMap: MindMapNode;
  date: string;
  language: string | null;
}

export const SHARED_VIEW_KEYS = ["title", "summary", "mindMap", "date", "language"] as const;

/** What a share page needs besides the view: whether search engines may index it. */
export interface SharedPage {
  view: SharedView;
  allowIndexing: boolean;
}

/**
 * The shared view behind a token. An unknown token is "link invalid or expired"; a
 * link switched off answers "content not found on this host" at once.
 */
export async function findSharedPage(token: string | null): Promise<SharedPage> {
  if (!token || !isShareToken(token)) throw new AppError("share.linkInvalid");
  const share = await prisma.share.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: {
      enabled: true,
      slugDate: true,
      allowIndexing: true,
      task: { select: { title: true, summary: true, summaryLanguage: true, mindMap: true, status: true, deletedAt: true } },
    },
  });
  if (!share || share.task.deletedAt) throw new AppError("share.linkInvalid");
  if (!share.enabled) throw new AppError("share.disabled");
  const { task } = share;
  if (!isAnalyzed(task)) throw new AppError("share.notAnalyzed");
  const summary = task.summary!;
  const view: SharedView = {
    title: task.title,
    summary,
    mindMap: plainMindMap(task.mindMap) ?? mindMapFromMarkdown(summary, task.title),
    date: share.slugDate,
    language: task.summaryLanguage,
  };
  return { view, allowIndexing: share.allowIndexing };
}

export async function findSharedView(token: string | null): Promise<SharedView> {
  return (await findSharedPage(token)).view;
}

/** A stored map rebuilt from its text alone (nothing else the JSON may carry is passed on). */
function plainMindMap(value: unknown, depth = 0): MindMapNode | null {
  if (!value || typeof value !== "object" || depth > 8) return null;
  const node = value as { content?: unknown; children?: unknown };
  if (typeof node.content !== "string") return null;
  const children = Array.isArray(node.children) ? node.children.map((c) => plainMindMap(c, depth + 1)).filter((c): c is MindMapNode => c !== null) : [];
  return { content: node.content, children };
}

/** The first lines of a summary as plain text, for link previews (Open Graph, Twitter card). */
export function previewText(markdown: string, maxChars = 200): string {
  const text = markdown
    .split("\n")
    .map((l) => l.replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, "").replace(/[*_`~]|\[([^\]]*)\]\([^)]*\)/g, "$1").trim())
    .filter(Boolean)
    .join(" ");
  return Array.from(text).length > maxChars ? `${Array.from(text).slice(0, maxChars - 1).join("").trimEnd()}…` : text;
}
