"use client";
// The conversation: the user's questions on the right, the answers as rendered
// markdown on the left (times seek the player), rendered again as each piece
// of a streamed answer arrives.
import { useTranslations } from "next-intl";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import { IconRetry } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import type { ChatEntry } from "./useChat";
import styles from "./chat.module.css";

export interface ChatMessagesProps {
  entries: ChatEntry[];
  onSeek?: (ms: number) => void;
  onRetry: (answerId: string) => void;
  /** Retry is offered only when nothing else is streaming. */
  canRetry: boolean;
}

export function ChatMessages({ entries, onSeek, onRetry, canRetry }: ChatMessagesProps) {
  const t = useTranslations("chat");
  return (
    // A log region: screen readers read new messages; a streaming answer is aria-busy until it ends.
    <div role="log" aria-live="polite" aria-label={t("panel.conversation")}>
      <ol className={styles.messages} data-testid="ask-ai-messages">
        {entries.map((entry) => (
          <ChatMessageItem key={entry.id} entry={entry} onSeek={onSeek} onRetry={canRetry ? () => onRetry(entry.id) : undefined} />
        ))}
      </ol>
    </div>
  );
}

function ChatMessageItem({ entry, onSeek, onRetry }: { entry: ChatEntry; onSeek?: (ms: number) => void; onRetry?: () => void }) {
  const t = useTranslations("chat.message");
  const isUser = entry.role === "user";
  return (
    <li
      className={`${styles.message} ${isUser ? styles.fromUser : styles.fromAssistant}`}
      data-testid="ask-ai-message"
      data-role={entry.role}
      data-streaming={String(entry.streaming)}
      data-stopped={String(entry.stopped)}
      aria-busy={entry.streaming || undefined}
    >
      <span className={ui.srOnly}>{isUser ? t("you") : t("assistant")}</span>
      {isUser ? (
        <p className={styles.userBubble}>{entry.content}</p>
      ) : (
        <div className={styles.answer}>
          {entry.content ? <MarkdownView markdown={entry.content} onSeek={onSeek} className={styles.answerText} testId="ask-ai-answer" /> : null}
          {entry.streaming && !entry.content ? (
            <span className={styles.thinking}>
              <span className={ui.spinner} aria-hidden="true" /> {t("thinking")}
            </span>
          ) : null}
          {entry.streaming && entry.content ? <span className={styles.cursor} aria-hidden="true" /> : null}
          {entry.stopped ? <span className={styles.stoppedTag}>{entry.content ? t("stopped") : t("stoppedEmpty")}</span> : null}
          {entry.error ? (
            <div className={`${ui.alert} ${styles.answerError}`} role="alert" data-testid="ask-ai-error">
              <span>{entry.error}</span>
              {onRetry && entry.question ? (
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onRetry} data-testid="ask-ai-retry">
                  <IconRetry size={14} /> {t("retry")}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </li>
  );
}
