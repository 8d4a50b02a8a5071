"use client";
// The timeline as a flat list (mobile "timeline" tab): begin–end, speaker, text; a tap seeks.
import { useEffect, useMemo, useRef } from "react";
import { useTranslations } from "next-intl";
import type { Task } from "@/lib/tasks/task.client";
import { formatClock } from "@/lib/format/time";
import { speakerLooks, UNKNOWN_COLOUR } from "./speakers";
import { useActiveEntry, type MediaController } from "./useMediaController";
import styles from "./transcript.module.css";

export function TimelineList({ task, controller, follow = true }: { task: Task; controller: MediaController; follow?: boolean }) {
  const t = useTranslations("app.transcript");
  const tt = useTranslations("tasks");
  const terr = useTranslations("errors");
  const looks = useMemo(() => speakerLooks(task.speakers, (n) => tt("speakerDefault", { n })), [task.speakers, tt]);
  const activePos = useActiveEntry(controller.element, task.timeline);
  const ref = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!follow || activePos < 0) return;
    ref.current?.children[activePos]?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [activePos, follow]);

  if (task.timeline.length === 0) return <div className={styles.empty}>{terr("tasks.noTranscription")}</div>;

  return (
    <ol ref={ref} className={styles.timeline} data-testid="timeline-list" aria-label={t("timeline")}>
      {task.timeline.map((e, i) => {
        const look = e.speakerId ? looks.get(e.speakerId) : undefined;
        return (
          <li key={e.index} className={`${styles.timelineItem} ${i === activePos ? styles.lineActive : ""}`} data-testid="timeline-item" data-entry-index={e.index} data-active={i === activePos ? "true" : "false"}>
            <button type="button" className={styles.timelineBtn} onClick={() => controller.seek(e.begin, true)}>
              <span className={styles.timelineTime}>
                {formatClock(e.begin)} – {formatClock(e.end)}
              </span>
              <span className={styles.timelineSpeaker} style={{ color: look?.colour ?? UNKNOWN_COLOUR }}>
                {look?.name ?? t("unknownSpeaker")}
              </span>
              <span className={styles.timelineText}>{e.text}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
