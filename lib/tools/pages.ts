// The tools site's pages (screens and routes "Tools site routes"). Browser-safe: the header's nav and
// language links, the sitemap and the metadata all read this one list.
export const TOOL_PAGES = [
  "index",
  "online-youtube-video-transcript",
  "online-video-to-audio-converter",
  "online-audio-compressor",
  "media",
] as const;
export type ToolPage = (typeof TOOL_PAGES)[number];

/** The query parameter that addresses a language of a tools page (?lang=de). */
export const TOOLS_LANG_PARAM = "lang";

/** The transcript tool is not offered on the China edition (its page redirects to /tools). */
export const CHINA_HIDDEN_PAGES: readonly ToolPage[] = ["online-youtube-video-transcript"];

export function toolPagePath(page: ToolPage): string {
  return page === "index" ? "/tools" : `/tools/${page}`;
}

/** A tools path in a language: the language's own URL (plain for English), as hreflang names it. */
export function localizedToolsPath(path: string, locale: string): string {
  if (locale === "en" || !path.startsWith("/tools")) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${TOOLS_LANG_PARAM}=${locale}`;
}
