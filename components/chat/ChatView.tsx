"use client";
// Chat mode of the Ask AI panel: the history (loading, failed, empty with
// starter questions, or the conversation) above the question box.
import { useEffect, useRef, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { IconRetry } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import type { Chat } from "./useChat";
import styles from "./chat.module.css";

const SUGGESTIONS = ["mainPoints", "decisions", "actionItems"] as const;
/** Within this many pixels of the bottom, new text keeps the view scrolled down. */
const STICK_TO_BOTTOM_PX = 48;

export function ChatView({ chat, onSeek, inputRef }: { chat: Chat; onSeek?: (ms: number) => void; inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const t = useTranslations("chat");
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const ready = chat.historyState === "ready";

  // Follow a streaming answer unless the user scrolled up to read something.
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [chat.entries]);

  // Once the history is there, the question box takes the focus.
  useEffect(() => {
    if (ready) inputRef.current?.focus();
  }, [ready, inputRef]);

  return (
    <>
      <div
        ref={scroller}
        className={styles.scroll}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
        }}
      >
        {chat.historyState === "loading" ? (
          <div className={styles.centred} role="status" data-testid="ask-ai-loading">
            <span className={ui.spinner} aria-hidden="true" /> {t("history.loading")}
          </div>
        ) : chat.historyState === "error" ? (
          <div className={`${ui.alert} ${styles.block}`} role="alert" data-testid="ask-ai-history-error">
            <span>{chat.historyError ?? t("history.loadFailed")}</span>
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={chat.reloadHistory} data-testid="ask-ai-history-retry">
              <IconRetry size={14} /> {t("history.retry")}
            </button>
          </div>
        ) : chat.entries.length === 0 ? (
          <div className={styles.empty} data-testid="ask-ai-empty">
            <p className={styles.emptyTitle}>{t("empty.title")}</p>
            <p className={styles.emptyHint}>{t("empty.hint")}</p>
            <ul className={styles.suggestions} aria-label={t("suggestions.label")}>
              {SUGGESTIONS.map((key) => (
                <li key={key}>
                  <button type="button" className={`${ui.btn} ${ui.small} ${styles.suggestion}`} onClick={() => {
                      chat.ask(t(`suggestions.${key}`));
                      // The starter list goes away once asked; the question box keeps the focus.
                      inputRef.current?.focus();
                    }} disabled={chat.streaming} data-testid="ask-ai-suggestion">
                    {t(`suggestions.${key}`)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ChatMessages entries={chat.entries} onSeek={onSeek} onRetry={chat.retry} canRetry={!chat.streaming} />
        )}
      </div>
      <ChatInput streaming={chat.streaming} disabled={!ready} onSend={chat.ask} onStop={chat.stop} inputRef={inputRef} />
    </>
  );
}
