import "server-only";
import type { Metadata, MetadataRoute } from "next";
import { getLocale } from "next-intl/server";
import { translatorFor } from "@/lib/i18n/server";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { publicPageAlternates, publicPageMetadata, publicPageUrl, siteOrigin } from "@/lib/i18n/public-page-metadata";
import { TOOL_PAGES, toolPagePath, type ToolPage } from "./pages";

// SEO for the tools site, per page and per language (issue 12). Pages have no locale in
// their path: a language is addressed with ?lang=xx (proxy.ts passes it to next-intl), so
// each language of a page has its own URL for hreflang and the sitemap. English is the
// plain path and also x-default.

export { TOOL_PAGES, type ToolPage };

/** Absolute URL of a tools page in one language. */
export function toolPageUrl(page: ToolPage, locale: Locale): string {
  return publicPageUrl(toolPagePath(page), locale);
}

/** hreflang alternates of a page: every language plus x-default (English). */
export function toolPageAlternates(page: ToolPage): Record<string, string> {
  return publicPageAlternates(toolPagePath(page));
}

/** Title, description, canonical, hreflang alternates and Open Graph of a tools page in a language. */
export async function toolPageMetadata(page: ToolPage, locale?: string): Promise<Metadata> {
  const current = locale ?? (await getLocale());
  const l: Locale = isLocale(current) ? current : defaultLocale;
  const { t } = await translatorFor(l);
  const title = t(`tools.seo.${page}.title`);
  const siteName = t("tools.seo.siteName");
  // The tools site names itself, not the app's "%s · Tingji" template.
  return publicPageMetadata({ path: toolPagePath(page), locale: l, title, fullTitle: `${title} | ${siteName}`, description: t(`tools.seo.${page}.description`), siteName });
}

/** Sitemap entries: every tools page in every language, each with its alternates. */
export function toolsSitemap(pages: readonly ToolPage[] = TOOL_PAGES): MetadataRoute.Sitemap {
  return pages.flatMap((page) =>
    locales.map((l) => ({
      url: toolPageUrl(page, l),
      changeFrequency: "weekly" as const,
      priority: page === "index" ? 1 : 0.8,
      alternates: { languages: toolPageAlternates(page) },
    })),
  );
}

/** robots.txt: the tools pages, the landing page and the plans are open to crawlers; the API, sign-in, callbacks and the app are not. */
export function toolsRobots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        // "/transcribe/$": the landing page only (docs/landing.md), not the app under it.
        allow: ["/tools", "/transcribe/show/", "/transcribe/share", "/transcribe/$", "/transcribe/payment/plans"],
        disallow: ["/api/", "/tools/callback", "/transcribe/"],
      },
    ],
    sitemap: `${siteOrigin()}/sitemap.xml`,
  };
}
