import "server-only";
import type { Metadata } from "next";
import { translatorFor } from "@/lib/i18n/server";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";
import { HOME_PATH } from "@/lib/client/routes";

// SEO of the landing page at /transcribe/ (issue 25), like the tools site's (lib/tools/seo.ts): each
// language has its own URL (?lang=xx, read by proxy.ts; English is the plain path and x-default).

const LANG_PARAM = "lang";

const OG_LOCALE: Record<Locale, string> = {
  en: "en_US", zh: "zh_CN", de: "de_DE", it: "it_IT", ru: "ru_RU", ja: "ja_JP", ko: "ko_KR", fr: "fr_FR", es: "es_ES",
};

function origin(): string {
  return env().APP_URL.replace(/\/+$/, "");
}

/** Absolute URL of the landing page in one language. */
export function landingUrl(locale: Locale): string {
  return `${origin()}${HOME_PATH}${locale === defaultLocale ? "" : `?${LANG_PARAM}=${locale}`}`;
}

/** hreflang alternates: every language plus x-default (English). */
export function landingAlternates(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of locales) out[l] = landingUrl(l);
  out["x-default"] = landingUrl(defaultLocale);
  return out;
}

/** Title, description, canonical, hreflang alternates and Open Graph of the landing page in a language. */
export async function landingMetadata(locale: string): Promise<Metadata> {
  const l: Locale = isLocale(locale) ? locale : defaultLocale;
  const { t } = await translatorFor(l);
  const title = t("landing.seo.title");
  const description = t("landing.seo.description");
  const siteName = t("common.app.name");
  const url = landingUrl(l);
  return {
    title: { absolute: title },
    description,
    metadataBase: new URL(origin()),
    alternates: { canonical: url, languages: landingAlternates() },
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
