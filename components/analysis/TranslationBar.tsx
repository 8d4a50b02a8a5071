"use client";
// Switches the task between its original text and a translation, and asks for
// a translation that does not exist yet.
import { LocaleOptions } from "@/components/shell/LocaleOptions";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import { localeNames } from "@/lib/i18n/locales";
import ui from "@/components/ui/ui.module.css";
import type { TranslationView } from "./useTranslationView";
import styles from "./analysis.module.css";

export function TranslationBar({ view }: { view: TranslationView }) {
  const t = useTranslations("analysis.translation");
  const terr = useTranslations("errors");
  const { target, translation, error } = view;
  const status = translation?.status ?? null;

  // Said up front in one line: no picker and button that can only end in "not configured".
  if (view.available === false) {
    return (
      <div className={styles.translationBar} data-testid="translation-bar" data-status="unavailable">
        <span className={styles.translationState} data-testid="translation-unavailable">
          {terr("translation.needsProvider")}
        </span>
      </div>
    );
  }

  return (
    <div className={styles.translationBar} data-testid="translation-bar" data-status={status ?? "none"}>
      <label className={styles.translationLabel}>
        <span>{t("label")}</span>
        <select className={styles.select} value={target ?? ""} onChange={(e) => view.choose(e.target.value || null)} data-testid="translation-language">
          <option value="">{t("original")}</option>
          <LocaleOptions />
        </select>
      </label>
      {target && !view.loading && !error && (!translation || status === "translation_failed") ? (
        <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={() => void view.request()} data-testid="translation-start">
          {status === "translation_failed" ? t("retry") : t("translate")}
        </button>
      ) : null}
      {status === "translating" ? (
        <span className={styles.translationState} data-testid="translation-running">
          <span className={ui.spinner} aria-hidden="true" /> {t("translating")}
        </span>
      ) : null}
      {status === "translation_completed" ? (
        <span className={styles.translationState} data-testid="translation-done">
          {t("showing", { language: localeNames[target as keyof typeof localeNames] ?? target ?? "" })}
        </span>
      ) : null}
      {status === "translation_failed" ? (
        <span className={styles.translationError} role="alert" data-testid="translation-failed">
          {translation?.errorMessage ?? t("failed")}
        </span>
      ) : null}
      {error ? (
        <span className={styles.translationError} role="alert" data-testid="translation-error">
          {errorMessage(error, t("failed"))}
        </span>
      ) : null}
    </div>
  );
}
