"use client";
// The moments marked while recording live, above the final transcript: each one seeks there.
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { formatDuration } from "@/lib/format/time";
import styles from "./live.module.css";

export function TaskHighlights({ highlights, onSeek }: { highlights: readonly { id: string; atSec: number }[]; onSeek: (ms: number) => void }) {
  const t = useTranslations("live.highlights");
  if (highlights.length === 0) return null;
  return (
    <div className={styles.highlights} role="group" aria-label={t("label")} data-testid="task-highlights">
      <span className={styles.highlightsLabel}>{t("label")}</span>
      {highlights.map((h) => (
        <button key={h.id} type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onSeek(h.atSec * 1000)} aria-label={t("seek", { time: formatDuration(h.atSec) })} data-testid="task-highlight" data-at={h.atSec}>
          <span aria-hidden="true">★</span> {formatDuration(h.atSec)}
        </button>
      ))}
    </div>
  );
}
