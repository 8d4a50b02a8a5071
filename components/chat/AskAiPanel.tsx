"use client";
// The Ask AI drawer of the task detail: chat about the recording, or a
// flashback review quiz. Not modal: the player and transcript stay usable
// beside it (answers' times seek the player). Escape or the close button
// closes it; closing stops any stream and gives the focus back.
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IconClose, IconLeft, IconTrash } from "@/components/ui/icons";
import type { Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { ChatView } from "./ChatView";
import { FlashbackReview } from "./FlashbackReview";
import { useChat } from "./useChat";
import styles from "./chat.module.css";

export interface AskAiPanelProps {
  task: Task;
  onClose: () => void;
  /** Seeks the player; without it, times in answers are plain text. */
  onSeek?: (ms: number) => void;
  /** Opens straight on the review quiz (the phone's Quiz button). */
  initialMode?: AskAiMode;
}

export type AskAiMode = "chat" | "flashback";

export function AskAiPanel({ task, onClose, onSeek, initialMode = "chat" }: AskAiPanelProps) {
  const t = useTranslations("chat");
  const [mode, setMode] = useState<AskAiMode>(initialMode);
  const [confirmClear, setConfirmClear] = useState(false);
  const chat = useChat(task.id, { loadFailed: t("history.loadFailed"), answerFailed: t("message.failed") });
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  useDrawerKeys(panel, onClose);

  // Chat mode focuses its question box once shown; the review focuses its first heading.
  const backToChat = () => setMode("chat");
  const openFlashback = () => {
    setMode("flashback");
    // The button goes away with chat mode; keep the focus in the drawer until the review's heading takes it.
    panel.current?.focus();
  };

  const clearHistory = async () => {
    try {
      await chat.clear();
      toast.success(t("clear.done"));
    } catch (e) {
      toast.error(errorMessage(e, t("clear.failed")));
      throw e;
    }
  };

  return (
    <aside ref={panel} className={styles.drawer} role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1} data-testid="ask-ai-panel" data-mode={mode}>
      <header className={styles.header}>
        {mode === "flashback" ? (
          <button type="button" className={ui.iconBtn} onClick={backToChat} aria-label={t("panel.backToChat")} title={t("panel.backToChat")} data-testid="flashback-exit">
            <IconLeft />
          </button>
        ) : null}
        <div className={styles.headerText}>
          <h2 id={titleId} className={styles.title}>
            {mode === "chat" ? t("panel.title") : t("flashback.title")}
          </h2>
          <p className={styles.subtitle} title={task.title}>
            {task.title}
          </p>
        </div>
        {mode === "chat" ? (
          <>
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={openFlashback} data-testid="flashback-open">
              {t("panel.flashback")}
            </button>
            <button
              type="button"
              className={ui.iconBtn}
              onClick={() => setConfirmClear(true)}
              disabled={chat.streaming || chat.entries.length === 0}
              aria-label={t("panel.clear")}
              title={t("panel.clear")}
              data-testid="ask-ai-clear"
            >
              <IconTrash />
            </button>
          </>
        ) : null}
        <button type="button" className={ui.iconBtn} onClick={onClose} aria-label={t("panel.close")} title={t("panel.close")} data-testid="ask-ai-close">
          <IconClose />
        </button>
      </header>

      {mode === "chat" ? <ChatView chat={chat} onSeek={onSeek} inputRef={input} /> : <FlashbackView taskId={task.id} onBackToChat={backToChat} onSeek={onSeek} />}

      {confirmClear ? <ConfirmDialog title={t("clear.title")} message={t("clear.message")} confirmLabel={t("clear.confirm")} danger onConfirm={clearHistory} onClose={() => setConfirmClear(false)} /> : null}
    </aside>
  );
}

function FlashbackView(props: { taskId: string; onBackToChat: () => void; onSeek?: (ms: number) => void }) {
  return (
    <div className={styles.scroll} data-testid="flashback-view">
      <FlashbackReview {...props} />
    </div>
  );
}

/** Focus into the drawer on open and back where it was on close; Escape closes unless a dialog above it is open. */
function useDrawerKeys(panel: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || e.isComposing) return;
      // A confirm dialog (rendered inside the drawer) closes first; the drawer stays.
      if (document.querySelector('[aria-modal="true"]')) return;
      close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [panel]);
}
