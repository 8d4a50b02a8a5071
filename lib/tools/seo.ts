import "server-only";
import type { Metadata, MetadataRoute } from "next";
import { getLocale } from "next-intl/server";
import { translatorFor } from "@/lib/i18n/server";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";
import { TOOLS_LANG_PARAM, TOOL_PAGES, toolPagePath, type ToolPage } from "./pages";

// SEO for the tools site, per page and per language (issue 12). Pages have no locale in
// their path: a language is addressed with ?lang=xx (proxy.ts passes it to next-intl), so
// each language of a page has its own URL for hreflang and the sitemap. English is the
// plain path and also x-default.

export { TOOL_PAGES, type ToolPage };

function origin(): string {
  return env().APP_URL.replace(/\/+$/, "");
}

/** Absolute URL of a tools page in one language. */
export function toolPageUrl(page: ToolPage, locale: Locale): string {
  const path = toolPagePath(page);
  return `${origin()}${path}${locale === defaultLocale ? "" : `?${TOOLS_LANG_PARAM}=${locale}`}`;
}

/** hreflang alternates of a page: every language plus x-default (English). */
export function toolPageAlternates(page: ToolPage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of locales) out[l] = toolPageUrl(page, l);
  out["x-default"] = toolPageUrl(page, defaultLocale);
  return out;
}

// Open Graph wants language_TERRITORY.
const OG_LOCALE: Record<Locale, string> = {
  en: "en_US", zh: "zh_CN", de: "de_DE", it: "it_IT", ru: "ru_RU", ja: "ja_JP", ko: "ko_KR", fr: "fr_FR", es: "es_ES",
};

/** Title, description, canonical, hreflang alternates and Open Graph of a tools page in a language. */
export async function toolPageMetadata(page: ToolPage, locale?: string): Promise<Metadata> {
  const current = locale ?? (await getLocale());
  const l: Locale = isLocale(current) ? current : defaultLocale;
  const { t } = await translatorFor(l);
  const title = t(`tools.seo.${page}.title`);
  const description = t(`tools.seo.${page}.description`);
  const siteName = t("tools.seo.siteName");
  const url = toolPageUrl(page, l);
  return {
    // absolute: the tools site names itself, not the app's "%s · Tingji" template.
    title: { absolute: `${title} | ${siteName}` },
    description,
    metadataBase: new URL(origin()),
    alternates: { canonical: url, languages: toolPageAlternates(page) },
    openGraph: {
      type: "website",
      url,
      title,
      description,
      siteName,
      locale: OG_LOCALE[l],
      alternateLocale: locales.filter((x) => x !== l).map((x) => OG_LOCALE[x]),
    },
    twitter: { card: "summary", title, description },
    robots: { index: true, follow: true },
  };
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
    sitemap: `${origin()}/sitemap.xml`,
  };
}
