import "server-only";
// use-intl/core has no React import, so the worker (react-server conditions) can load it.
import { createTranslator } from "use-intl/core";
import { loadMessages } from "./messages";
import { oncePerLocale } from "./per-locale";
import { defaultLocale, isLocale, type Locale } from "./locales";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

// Every API request asks for one (lib/api/handler.ts): in production the translator of each language is built
// once (30 namespaces merged, and use-intl's compiled-message cache kept) instead of once per request.
const builtTranslator = oncePerLocale(buildTranslator);

/** A translator for code outside React (API errors, the worker, mail). */
export function translatorFor(locale: string | undefined | null): Promise<{ locale: Locale; t: Translate }> {
  return builtTranslator(isLocale(locale) ? locale : defaultLocale);
}

async function buildTranslator(l: Locale): Promise<{ locale: Locale; t: Translate }> {
  const messages = await loadMessages(l);
  const translator = createTranslator({ locale: l, messages });
  const t: Translate = (key, values) => {
    try {
      return translator(key as never, values as never) as string;
    } catch {
      return key;
    }
  };
  return { locale: l, t };
}
