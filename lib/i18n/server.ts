import "server-only";
// use-intl/core has no React import, so the worker (react-server conditions) can load it.
import { createTranslator } from "use-intl/core";
import { loadMessages } from "./messages";
import { defaultLocale, isLocale, type Locale } from "./locales";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for code outside React (API errors, the worker, mail). */
export async function translatorFor(locale: string | undefined | null): Promise<{ locale: Locale; t: Translate }> {
  const l: Locale = isLocale(locale) ? locale : defaultLocale;
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
