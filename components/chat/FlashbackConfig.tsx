"use client";
// Step one of the flashback review: what it is (the server's introduction),
// the kind and number of questions, whether verdicts show the right answer
// and why, then Start.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { FlashbackIntroduction, FlashbackSettings } from "@/lib/analysis/analysis.client";
import type { QuizType } from "@/lib/analysis/types";
import ui from "@/components/ui/ui.module.css";
import styles from "./flashback.module.css";

export interface FlashbackConfigProps {
  introduction: FlashbackIntroduction;
  initial: FlashbackSettings;
  onStart: (settings: FlashbackSettings) => void;
}

export function FlashbackConfig({ introduction, initial, onStart }: FlashbackConfigProps) {
  const t = useTranslations("chat.flashback.config");
  const tt = useTranslations("chat.flashback.types");
  const [type, setType] = useState<QuizType>(initial.question_type);
  // Kept as typed, so the field can be emptied on the way to another number.
  const [countText, setCountText] = useState(String(initial.question_count));
  const [includeAnswers, setIncludeAnswers] = useState(initial.include_answers);
  const [includeAnalysis, setIncludeAnalysis] = useState(initial.include_analysis);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const count = Number(countText);
  const countValid = /^\d+$/.test(countText.trim()) && count >= 1 && count <= introduction.maxCount;

  return (
    <form
      className={styles.flashbackBody}
      data-testid="flashback-config"
      onSubmit={(e) => {
        e.preventDefault();
        if (countValid) onStart({ question_type: type, question_count: count, include_answers: includeAnswers, include_analysis: includeAnalysis });
      }}
    >
      <h3 ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {t("title")}
      </h3>
      <p className={styles.introText} data-testid="flashback-introduction">
        {introduction.introduction}
      </p>

      <label className={styles.formRow}>
        <span className={ui.label}>{t("type")}</span>
        <select className={ui.field} value={type} onChange={(e) => setType(e.target.value as QuizType)} data-testid="flashback-type">
          {introduction.questionTypes.map((value) => (
            <option key={value} value={value}>
              {tt(value)}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.formRow}>
        <span className={ui.label}>{t("count")}</span>
        <input
          type="number"
          className={`${ui.field} ${styles.countField} ${countValid ? "" : ui.fieldError}`}
          min={1}
          max={introduction.maxCount}
          step={1}
          inputMode="numeric"
          value={countText}
          onChange={(e) => setCountText(e.target.value)}
          aria-invalid={!countValid}
          data-testid="flashback-count"
        />
        {countValid ? null : (
          <span className={ui.fieldHint} role="alert">
            {t("countInvalid", { max: introduction.maxCount })}
          </span>
        )}
      </label>

      <label className={styles.check}>
        <input type="checkbox" checked={includeAnswers} onChange={(e) => setIncludeAnswers(e.target.checked)} data-testid="flashback-include-answers" />
        <span>
          {t("includeAnswers")}
          <small className={styles.checkHint}>{t("includeAnswersHint")}</small>
        </span>
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={includeAnalysis} onChange={(e) => setIncludeAnalysis(e.target.checked)} data-testid="flashback-include-analysis" />
        <span>
          {t("includeAnalysis")}
          <small className={styles.checkHint}>{t("includeAnalysisHint")}</small>
        </span>
      </label>

      <div className={styles.actions}>
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={!countValid} data-testid="flashback-start">
          {t("start")}
        </button>
      </div>
    </form>
  );
}
