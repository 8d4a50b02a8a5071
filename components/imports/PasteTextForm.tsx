"use client";
// The "Paste text" tab: an optional title and the text, with its length.
import { useId } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import styles from "./imports.module.css";

export interface PasteTextFormProps {
  title: string;
  text: string;
  disabled: boolean;
  onTitle: (title: string) => void;
  onText: (text: string) => void;
}

/** Titles are cut to the task title length the rest of the app uses. */
const MAX_TITLE_LENGTH = 200;

export function PasteTextForm({ title, text, disabled, onTitle, onText }: PasteTextFormProps) {
  const t = useTranslations("imports.document");
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <div className={styles.field}>
        <label className={ui.label} htmlFor={titleId}>
          {t("titleLabel")}
        </label>
        <input
          id={titleId}
          className={ui.field}
          value={title}
          maxLength={MAX_TITLE_LENGTH}
          placeholder={t("pastedText")}
          onChange={(e) => onTitle(e.target.value)}
          disabled={disabled}
          data-testid="document-title-input"
        />
      </div>
      <div className={styles.field}>
        <label className={ui.label} htmlFor={textId}>
          {t("textLabel")}
        </label>
        <textarea
          id={textId}
          className={`${ui.field} ${styles.textarea}`}
          value={text}
          placeholder={t("textPlaceholder")}
          onChange={(e) => onText(e.target.value)}
          disabled={disabled}
          data-testid="document-text-input"
        />
        <span className={styles.charCount} data-testid="document-char-count" data-count={text.length}>
          {t("charCount", { count: text.length })}
        </span>
      </div>
    </>
  );
}
