// Interface languages and the rule that picks one. Shared by server and client.
export const locales = ["en", "zh", "de", "it", "ru", "ja", "ko", "fr", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const localeCookie = "NEXT_LOCALE";
/** Set by proxy.ts from a tools page's ?lang=xx (its own URL per language); wins over the cookie. */
export const TOOLS_LOCALE_HEADER = "x-tingji-page-locale";
/** The page's path, set by proxy.ts on every page request: a layout picks the messages its browser code needs by it. */
export const PAGE_PATH_HEADER = "x-tingji-page-path";

export const localeNames: Record<Locale, string> = {
  en: "English",
  zh: "中文",
  de: "Deutsch",
  it: "Italiano",
  ru: "Русский",
  ja: "日本語",
  ko: "한국어",
  fr: "Français",
  es: "Español",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** First supported language of an Accept-Language header or navigator.languages list. */
export function matchLocale(preferred: readonly string[] | string | null | undefined): Locale | undefined {
  const list = typeof preferred === "string" ? preferred.split(",").map((p) => p.split(";")[0]!.trim()) : (preferred ?? []);
  for (const tag of list) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLocale(base)) return base;
  }
  return undefined;
}

/**
 * The China edition always uses zh; otherwise the user's own choice,
 * then the browser's language if supported, then en.
 */
export function chooseLocale(opts: {
  edition: "international" | "china";
  chosen?: string | null;
  browser?: readonly string[] | string | null;
}): Locale {
  if (opts.edition === "china") return "zh";
  if (isLocale(opts.chosen)) return opts.chosen;
  return matchLocale(opts.browser) ?? defaultLocale;
}
