"use client";
// "Spoken language": the recording's language for the speech engine, named in the interface language;
// "Detect automatically" only where the engine can. When the engine cannot hear the choice (the built-in
// one knows English only) one line says so and what can be done (docs/speech-languages.md).
import { useId, useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import { DETECT_LANGUAGE, SPOKEN_LANGUAGES } from "@/lib/speech/languages";
import ui from "@/components/ui/ui.module.css";
import type { SpokenLanguageChoice } from "./useSpokenLanguage";
import styles from "./speech.module.css";

/** Language names as the browser's own CLDR data gives them in the interface language. */
function languageNames(locale: string): Map<string, string> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "language" });
  } catch {
    // A browser without display names shows the codes.
  }
  return new Map(SPOKEN_LANGUAGES.map((code) => {
    const name = names?.of(code) ?? code;
    return [code, name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)];
  }));
}

export function SpokenLanguageField({ choice, disabled, testId }: { choice: SpokenLanguageChoice; disabled?: boolean; testId: string }) {
  const t = useTranslations("upload.language");
  const locale = useLocale();
  const id = useId();
  const names = useMemo(() => languageNames(locale), [locale]);
  const warningId = `${id}-warning`;
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <label className={`${ui.label} ${styles.label}`} htmlFor={id}>
          {t("label")}
        </label>
        <select
          id={id}
          className={`${ui.field} ${styles.select}`}
          value={choice.value}
          onChange={(e) => choice.set(e.target.value)}
          disabled={disabled}
          aria-describedby={choice.blocked ? warningId : undefined}
          data-testid={testId}
        >
          {choice.support?.detect ? <option value={DETECT_LANGUAGE}>{t("detect")}</option> : null}
          {SPOKEN_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {names.get(code)}
            </option>
          ))}
        </select>
      </div>
      {choice.fromFileNames ? (
        <p className={styles.hint} data-testid={`${testId}-from-name`}>
          {t("fromFileName")}
        </p>
      ) : null}
      {choice.blocked ? (
        <p id={warningId} className={`${ui.alert} ${ui.warn} ${styles.warning}`} role="status" data-testid={`${testId}-warning`}>
          {t("embeddedOnly")}
        </p>
      ) : null}
    </div>
  );
}
