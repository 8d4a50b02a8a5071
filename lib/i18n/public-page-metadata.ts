import "server-only";
import type { Metadata } from "next";
import { defaultLocale, locales, type Locale } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";

// What the public, indexable pages (the tools site and the landing page) share: each language has its own URL
// (?lang=xx, which proxy.ts hands to next-intl; English is the plain path and x-default), and the same Open Graph.

// Open Graph wants language_TERRITORY.
const OG_LOCALE: Record<Locale, string> = {
  en: "en_US", zh: "zh_CN", de: "de_DE", it: "it_IT", ru: "ru_RU", ja: "ja_JP", ko: "ko_KR", fr: "fr_FR", es: "es_ES",
};

export const PUBLIC_LANG_PARAM = "lang";

/** The site's own origin, from APP_URL. */
export function siteOrigin(): string {
  return env().APP_URL.replace(/\/+$/, "");
}

/** Absolute URL of a public page in one language. */
export function publicPageUrl(path: string, locale: Locale): string {
  return `${siteOrigin()}${path}${locale === defaultLocale ? "" : `?${PUBLIC_LANG_PARAM}=${locale}`}`;
}

/** hreflang alternates: every language plus x-default (English). */
export function publicPageAlternates(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of locales) out[l] = publicPageUrl(path, l);
  out["x-default"] = publicPageUrl(path, defaultLocale);
  return out;
}

/** Title, description, canonical, hreflang alternates and Open Graph of a public page in a language. */
export function publicPageMetadata(p: { path: string; locale: Locale; title: string; fullTitle: string; description: string; siteName: string }): Metadata {
  const url = publicPageUrl(p.path, p.locale);
  const { title, description, siteName } = p;
  return {
    title: { absolute: p.fullTitle },
    description,
    metadataBase: new URL(siteOrigin()),
    alternates: { canonical: url, languages: publicPageAlternates(p.path) },
    openGraph: {
      type: "website",
      url,
      title,
      description,
      siteName,
      locale: OG_LOCALE[p.locale],
      alternateLocale: locales.filter((x) => x !== p.locale).map((x) => OG_LOCALE[x]),
    },
    twitter: { card: "summary", title, description },
    robots: { index: true, follow: true },
  };
}
