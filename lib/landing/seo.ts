import "server-only";
import type { Metadata } from "next";
import { translatorFor } from "@/lib/i18n/server";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { publicPageAlternates, publicPageMetadata, publicPageUrl } from "@/lib/i18n/public-page-metadata";
import { HOME_PATH } from "@/lib/client/routes";

// SEO of the landing page at /transcribe/ (issue 25), like the tools site's (lib/tools/seo.ts): each
// language has its own URL (?lang=xx, read by proxy.ts; English is the plain path and x-default).

/** Absolute URL of the landing page in one language. */
export function landingUrl(locale: Locale): string {
  return publicPageUrl(HOME_PATH, locale);
}

/** hreflang alternates: every language plus x-default (English). */
export function landingAlternates(): Record<string, string> {
  return publicPageAlternates(HOME_PATH);
}

/** Title, description, canonical, hreflang alternates and Open Graph of the landing page in a language. */
export async function landingMetadata(locale: string): Promise<Metadata> {
  const l: Locale = isLocale(locale) ? locale : defaultLocale;
  const { t } = await translatorFor(l);
  const title = t("landing.seo.title");
  return publicPageMetadata({ path: HOME_PATH, locale: l, title, fullTitle: title, description: t("landing.seo.description"), siteName: t("common.app.name") });
}
