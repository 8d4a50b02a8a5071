"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ToolTranscriptView } from "@/lib/tools/transcript/transcript.client";
import styles from "./transcript.module.css";

/** Past transcripts of this visitor (signed out) or account, newest first. */
export function TranscriptHistory({ items, currentId, onPick }: { items: ToolTranscriptView[]; currentId: string | null; onPick: (id: string) => void }) {
  const t = useTranslations("tools.transcript");
  const format = useFormatter();
  return (
    <section className={styles.history} data-testid="transcript-history">
      <h2 className={styles.historyTitle}>{t("history")}</h2>
      {items.length === 0 ? (
        <p className={styles.muted}>{t("historyEmpty")}</p>
      ) : (
        <ul className={styles.historyList}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className={item.id === currentId ? styles.historyItemActive : styles.historyItem} onClick={() => onPick(item.id)} data-testid="transcript-history-item">
                <span className={styles.historyName}>{item.title ?? item.url}</span>
                <span className={styles.muted}>
                  {t(`status.${item.status}`)} · {format.relativeTime(new Date(item.createdAt))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
