import { localeNames, locales } from "@/lib/i18n/locales";

/** One <option> per interface language, each named in its own language. */
export function LocaleOptions() {
  return (
    <>
      {locales.map((l) => (
        <option key={l} value={l} lang={l}>
          {localeNames[l]}
        </option>
      ))}
    </>
  );
}
