"use client";
// Flashback mode of the Ask AI panel: configuration → practice → result.
// Unmounting (back to chat, closing the panel) stops any stream it runs.
import { useTranslations } from "next-intl";
import { IconRetry } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { FlashbackConfig } from "./FlashbackConfig";
import { FlashbackQuestion } from "./FlashbackQuestion";
import { FlashbackResult } from "./FlashbackResult";
import { useFlashback, type Flashback } from "./useFlashback";
import chatStyles from "./chat.module.css";
import styles from "./flashback.module.css";

export interface FlashbackReviewProps {
  taskId: string;
  onBackToChat: () => void;
  onSeek?: (ms: number) => void;
}

export function FlashbackReview({ taskId, onBackToChat, onSeek }: FlashbackReviewProps) {
  const t = useTranslations("chat.flashback");
  const flashback = useFlashback(taskId, {
    introFailed: t("errors.introFailed"),
    startFailed: t("errors.startFailed"),
    noQuestions: t("errors.noQuestions"),
    checkFailed: t("errors.checkFailed"),
  });
  const { introduction, settings, phase } = flashback;

  if (phase === "result") {
    const verdict = flashback.lastVerdict;
    return <FlashbackResult correct={verdict?.correctCount ?? 0} total={verdict?.total ?? flashback.total} onRetry={flashback.restart} onBackToChat={onBackToChat} />;
  }
  if (phase === "practice") return <FlashbackPractice flashback={flashback} onSeek={onSeek} />;

  if (flashback.introError) {
    return (
      <div className={`${ui.alert} ${chatStyles.block}`} role="alert" data-testid="flashback-intro-error">
        <span>{flashback.introError}</span>
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={flashback.reloadIntroduction}>
          <IconRetry size={14} /> {t("errors.retry")}
        </button>
      </div>
    );
  }
  if (!introduction || !settings) {
    return (
      <div className={chatStyles.centred} role="status">
        <span className={ui.spinner} aria-hidden="true" /> {t("loading")}
      </div>
    );
  }
  return <FlashbackConfig introduction={introduction} initial={settings} onStart={flashback.start} />;
}

function FlashbackPractice({ flashback, onSeek }: { flashback: Flashback; onSeek?: (ms: number) => void }) {
  const t = useTranslations("chat.flashback.practice");
  const { quiz, question, index, total } = flashback;
  const current = Math.min(index + 1, Math.max(total, 1));

  return (
    <div className={styles.flashbackBody} data-testid="flashback-practice">
      {quiz.intro ? <p className={styles.introText}>{quiz.intro}</p> : null}
      {total > 0 ? (
        <div className={styles.progressRow}>
          <span data-testid="flashback-progress" aria-live="polite">
            {t("progress", { current, total })}
          </span>
          <div className={`${ui.progress} ${styles.progressBar}`} role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={index} aria-label={t("progressLabel")}>
            <div className={ui.progressFill} style={{ width: `${(index / total) * 100}%` }} />
          </div>
        </div>
      ) : null}

      {question ? (
        <FlashbackQuestion
          key={question.id}
          question={question}
          answer={flashback.answer}
          isLast={flashback.isLast}
          onChoose={flashback.choose}
          onSubmit={flashback.submit}
          onNext={flashback.next}
          onSeek={onSeek}
        />
      ) : quiz.error ? null : (
        <div className={chatStyles.centred} role="status" data-testid="flashback-preparing">
          <span className={ui.spinner} aria-hidden="true" /> {t("preparing")}
        </div>
      )}

      {quiz.error ? (
        <div className={`${ui.alert} ${chatStyles.block}`} role="alert" data-testid="flashback-start-error">
          <span>{quiz.error}</span>
          <div className={styles.actions}>
            {flashback.settings ? (
              <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => flashback.start(flashback.settings!)} data-testid="flashback-start-retry">
                <IconRetry size={14} /> {t("retry")}
              </button>
            ) : null}
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={flashback.restart}>
              {t("changeSettings")}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
