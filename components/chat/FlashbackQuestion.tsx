"use client";
// One flashback question: radios (single, true/false) or checkboxes
// (multiple), Submit, then the server's verdict with the right options
// highlighted (when the quiz shows answers) and the analysis, then Next.
import { useEffect, useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import type { PublicQuizQuestion, Verdict } from "@/lib/server/stream-events";
import { formatClock } from "@/lib/format/time";
import ui from "@/components/ui/ui.module.css";
import type { AnswerProgress } from "./useFlashback";
import styles from "./flashback.module.css";

export interface FlashbackQuestionProps {
  question: PublicQuizQuestion;
  answer: AnswerProgress;
  isLast: boolean;
  onChoose: (option: number) => void;
  onSubmit: () => void;
  onNext: () => void;
  onSeek?: (ms: number) => void;
}

type OptionState = "correct" | "wrong" | undefined;

/** How an option looks once the verdict is in: the right answers in green, a wrong choice in red. */
function optionState(option: number, selected: number[], verdict: Verdict | null): OptionState {
  if (!verdict) return undefined;
  const chosen = selected.includes(option);
  if (verdict.correctAnswer) {
    if (verdict.correctAnswer.includes(option)) return "correct";
    return chosen ? "wrong" : undefined;
  }
  // Without the right answer, only the user's own choice can be marked.
  if (!chosen) return undefined;
  return verdict.correct ? "correct" : "wrong";
}

export function FlashbackQuestion({ question, answer, isLast, onChoose, onSubmit, onNext, onSeek }: FlashbackQuestionProps) {
  const t = useTranslations("chat.flashback.question");
  const promptId = useId();
  const prompt = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const { verdict, checking, selected } = answer;
  const multiple = question.kind === "multiple";

  // A new question takes the focus, so keyboard and screen-reader users start reading it.
  useEffect(() => prompt.current?.focus(), [question.id]);
  // Once checked, Next is one Enter away.
  useEffect(() => {
    if (verdict) nextButton.current?.focus();
  }, [verdict]);

  return (
    <section className={styles.question} data-testid="flashback-question" data-kind={question.kind} data-question-id={question.id}>
      <h3 id={promptId} ref={prompt} tabIndex={-1} className={styles.prompt}>
        {question.prompt}
      </h3>
      <p className={styles.kindHint}>{t(`hint.${question.kind}`)}</p>
      <fieldset className={styles.options} aria-labelledby={promptId} disabled={checking || verdict !== null}>
        {question.options.map((option, i) => {
          const state = optionState(i, selected, verdict);
          return (
            <label key={i} className={styles.option} data-state={state} data-testid="flashback-option">
              <input type={multiple ? "checkbox" : "radio"} name={`flashback-${question.id}`} checked={selected.includes(i)} onChange={() => onChoose(i)} />
              <span className={styles.optionText}>{option}</span>
              {state ? <span className={ui.srOnly}>{t(state === "correct" ? "optionCorrect" : "optionWrong")}</span> : null}
            </label>
          );
        })}
      </fieldset>

      {question.source && onSeek ? (
        <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost} ${styles.sourceLink}`} onClick={() => onSeek(question.source!.begin)} data-testid="flashback-source">
          {t("jumpTo", { time: formatClock(question.source.begin) })}
        </button>
      ) : null}

      {/* Always mounted, so the verdict is announced when it appears. */}
      <div aria-live="polite">
        {verdict ? <FlashbackVerdict verdict={verdict} options={question.options} onSeek={onSeek} /> : null}
        {answer.error ? (
          <div className={ui.alert} role="alert" data-testid="flashback-error">
            {answer.error}
          </div>
        ) : null}
      </div>

      <div className={styles.actions}>
        {verdict ? (
          <button ref={nextButton} type="button" className={`${ui.btn} ${ui.primary}`} onClick={onNext} data-testid="flashback-next">
            {isLast ? t("showResult") : t("next")}
          </button>
        ) : (
          <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onSubmit} disabled={checking || selected.length === 0} data-testid="flashback-submit">
            {checking ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {answer.error ? t("submitAgain") : t("submit")}
          </button>
        )}
      </div>
    </section>
  );
}

function FlashbackVerdict({ verdict, options, onSeek }: { verdict: Verdict; options: string[]; onSeek?: (ms: number) => void }) {
  const t = useTranslations("chat.flashback.verdict");
  const rightAnswer = verdict.correctAnswer?.map((i) => options[i] ?? "").join(", ");
  return (
    <div className={`${styles.verdict} ${verdict.correct ? styles.verdictCorrect : styles.verdictWrong}`} data-testid="flashback-verdict" data-correct={String(verdict.correct)}>
      <strong className={styles.verdictTitle}>{verdict.correct ? t("correct") : t("incorrect")}</strong>
      {!verdict.correct && rightAnswer ? <p className={styles.verdictLine}>{t("correctAnswer", { answer: rightAnswer })}</p> : null}
      {verdict.analysis ? (
        <div className={styles.analysis}>
          <span className={styles.analysisLabel}>{t("analysis")}</span>
          <MarkdownView markdown={verdict.analysis} onSeek={onSeek} testId="flashback-analysis" />
        </div>
      ) : null}
    </div>
  );
}
