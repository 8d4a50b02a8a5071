"use client";
// The recording's chapters beside the transcript: a click seeks the player to the chapter's start
// (the same seek as search hits and summary times). A document's chapters have no time and only read.
import { useTranslations } from "next-intl";
import type { Chapter } from "@/lib/analysis/types";
import { formatClock } from "@/lib/format/time";
import styles from "./outline.module.css";

export function ChapterList({ chapters, onSeek, collapsible = false }: { chapters: Chapter[]; onSeek?: (ms: number) => void; collapsible?: boolean }) {
  const t = useTranslations("analysis.outline");
  if (!chapters.length) return null;
  const list = (
    <ol className={styles.chapters}>
      {chapters.map((c, k) => (
        <li key={`${c.index}-${k}`} className={styles.chapter}>
          {c.begin !== null && onSeek ? (
            <button type="button" className={styles.chapterButton} onClick={() => onSeek(c.begin!)} data-testid="chapter-item" data-begin={c.begin} title={t("seekTo", { time: formatClock(c.begin) })}>
              <span className={styles.time}>{formatClock(c.begin)}</span>
              <span className={styles.chapterTitle}>{c.title}</span>
              {c.gist ? <span className={styles.gist}>{c.gist}</span> : null}
            </button>
          ) : (
            <div className={styles.chapterButton} data-testid="chapter-item">
              {c.begin !== null ? <span className={styles.time}>{formatClock(c.begin)}</span> : null}
              <span className={styles.chapterTitle}>{c.title}</span>
              {c.gist ? <span className={styles.gist}>{c.gist}</span> : null}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
  if (collapsible) {
    return (
      <details className={styles.box} data-testid="chapter-list">
        <summary className={styles.heading}>{t("chaptersCount", { count: chapters.length })}</summary>
        {list}
      </details>
    );
  }
  return (
    <nav className={styles.box} aria-label={t("chapters")} data-testid="chapter-list">
      <h3 className={styles.heading}>{t("chapters")}</h3>
      {list}
    </nav>
  );
}
