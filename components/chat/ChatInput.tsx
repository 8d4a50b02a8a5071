"use client";
// The question box: Enter sends, Shift+Enter starts a new line (and Enter
// while an input method is composing is left to it). While an answer streams,
// Send becomes Stop.
import { useId, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import styles from "./chat.module.css";

/** The server refuses longer questions. */
export const MAX_QUESTION_CHARS = 4000;

export interface ChatInputProps {
  streaming: boolean;
  disabled?: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function ChatInput({ streaming, disabled, onSend, onStop, inputRef }: ChatInputProps) {
  const t = useTranslations("chat.input");
  const [text, setText] = useState("");
  const hintId = useId();
  const canSend = !disabled && !streaming && text.trim().length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText("");
    // Keeps typing where it was, also when Send (replaced by Stop) had the focus.
    inputRef.current?.focus();
  };

  const stop = () => {
    onStop();
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <form
      className={styles.inputBar}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        ref={inputRef}
        className={`${ui.field} ${styles.input}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("placeholder")}
        aria-label={t("label")}
        aria-describedby={hintId}
        maxLength={MAX_QUESTION_CHARS}
        rows={2}
        disabled={disabled}
        data-testid="ask-ai-input"
      />
      <span id={hintId} className={ui.srOnly}>
        {t("hint")}
      </span>
      {streaming ? (
        <button type="button" className={`${ui.btn} ${styles.sendBtn}`} onClick={stop} data-testid="ask-ai-stop">
          <span className={styles.stopSquare} aria-hidden="true" />
          {t("stop")}
        </button>
      ) : (
        <button type="submit" className={`${ui.btn} ${ui.primary} ${styles.sendBtn}`} disabled={!canSend} data-testid="ask-ai-send">
          {t("send")}
        </button>
      )}
    </form>
  );
}
