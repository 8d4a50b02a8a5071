import "server-only";
import { env } from "@/lib/server/env";
import type { Locale } from "./locales";

/**
 * `make` once per language in production (a failed one is tried again next time); every time in development, so
 * edited message files show at once. For what is built from the static messages: the merged tree, a translator.
 */
export function oncePerLocale<T>(make: (locale: Locale) => Promise<T>): (locale: Locale) => Promise<T> {
  const made = new Map<Locale, Promise<T>>();
  return (locale) => {
    if (env().NODE_ENV !== "production") return make(locale);
    let value = made.get(locale);
    if (!value) {
      value = make(locale);
      made.set(locale, value);
      value.catch(() => made.delete(locale));
    }
    return value;
  };
}
