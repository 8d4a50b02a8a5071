"use client";
// The end of a flashback review: the score, then another quiz or back to chat.
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import styles from "./flashback.module.css";

export interface FlashbackResultProps {
  correct: number;
  total: number;
  onRetry: () => void;
  onBackToChat: () => void;
}

/** A word of encouragement by share of right answers. */
function verdictKey(correct: number, total: number): "perfect" | "good" | "keepGoing" {
  if (total > 0 && correct === total) return "perfect";
  return total > 0 && correct / total >= 0.6 ? "good" : "keepGoing";
}

export function FlashbackResult({ correct, total, onRetry, onBackToChat }: FlashbackResultProps) {
  const t = useTranslations("chat.flashback.result");
  const score = useRef<HTMLHeadingElement>(null);

  useEffect(() => score.current?.focus(), []);

  return (
    <section className={`${styles.flashbackBody} ${styles.result}`} data-testid="flashback-result" aria-live="polite">
      <p className={styles.resultLabel}>{t("title")}</p>
      <h3 ref={score} tabIndex={-1} className={styles.score} data-testid="flashback-score" data-correct={correct} data-total={total}>
        {t("score", { correct, total })}
      </h3>
      <div className={ui.progress} role="presentation">
        <div className={`${ui.progressFill} ${styles.scoreFill}`} style={{ width: `${total ? (correct / total) * 100 : 0}%` }} />
      </div>
      <p className={styles.resultMessage}>{t(verdictKey(correct, total))}</p>
      <div className={styles.actions}>
        <button type="button" className={ui.btn} onClick={onRetry} data-testid="flashback-retry">
          {t("tryAnother")}
        </button>
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onBackToChat} data-testid="flashback-back-to-chat">
          {t("backToChat")}
        </button>
      </div>
    </section>
  );
}
