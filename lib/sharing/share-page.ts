import "server-only";
import { cache } from "react";
import type { Metadata } from "next";
import { isAppError, type ErrorKey } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { findSharedPage, previewText, type SharedView } from "./shared-view";
import { isShareToken } from "./share-link";

export type SharePageResult = { ok: true; view: SharedView; allowIndexing: boolean } | { ok: false; error: ErrorKey };

/**
 * What a share page shows for a token: the shared view, or the Share catalogue
 * message (invalid link, sharing switched off, ...). Cached per request, so the
 * page and its metadata read the database once.
 */
export const loadSharePage = cache(async (token: string | null): Promise<SharePageResult> => {
  try {
    const page = await findSharedPage(token && isShareToken(token) ? token : null);
    return { ok: true, ...page };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.key };
    logger.error("share page failed", { error: String(error) });
    return { ok: false, error: "share.serverError" };
  }
});

/**
 * Open Graph and Twitter-card tags from the same narrow view (title, first lines of
 * the summary), so a link pasted into a chat shows a preview. Not indexed unless the
 * owner opted in; no Referer, so the token in the address never leaves with a click.
 */
export function sharePageMetadata(result: SharePageResult, path: string, texts: { unavailable: string; errorMessage: string; appName: string }): Metadata {
  const noindex = { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } };
  if (!result.ok) {
    return { title: texts.unavailable, description: texts.errorMessage, robots: noindex, referrer: "no-referrer" };
  }
  const { view } = result;
  const description = previewText(view.summary);
  const url = new URL(path, env().APP_URL).toString();
  return {
    title: view.title,
    description,
    robots: result.allowIndexing ? { index: true, follow: true } : noindex,
    referrer: "no-referrer",
    openGraph: { type: "article", title: view.title, description, url, siteName: texts.appName },
    twitter: { card: "summary", title: view.title, description },
  };
}
