"use client";
// Every speaker of the task with their share of the talk and a rename control.
import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { Task } from "@/lib/tasks/task.client";
import { formatClock, formatDuration } from "@/lib/format/time";
import { IconEdit } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { VoiceMatchActions } from "@/components/voice-profiles/VoiceMatchActions";
import { speakerLooks } from "./speakers";
import { speakerMark } from "@/lib/tasks/speaker-names";
import styles from "./transcript.module.css";
import speakerStyles from "./speakers.module.css";

export function SpeakersPanel({ task, onRename, onSeek, onRedetect, onTaskChange, only = null, onOnly }: {
  task: Task;
  /** The owner's: answers to a voice profile's suggested name land here. */
  onTaskChange?: (task: Task) => void;
  /** Absent for a collaborator: renaming speakers is the owner's. */
  onRename?: (speakerId: string) => void;
  onSeek?: (ms: number) => void;
  /** Opens "re-detect speakers"; absent where the task has no audio. */
  onRedetect?: () => void;
  /** The speaker whose lines alone are shown and played, and how to choose one (null: everyone). */
  only?: string | null;
  onOnly?: (speakerId: string | null) => void;
}) {
  const t = useTranslations("app.speakers");
  const tt = useTranslations("tasks");
  const looks = useMemo(() => speakerLooks(task.speakers, (n) => tt("speakerDefault", { n })), [task.speakers, tt]);

  const stats = useMemo(() => {
    const total = task.timeline.reduce((s, e) => s + Math.max(0, e.end - e.begin), 0) || 1;
    const map = new Map<string, { ms: number; count: number; first: number }>();
    for (const e of task.timeline) {
      if (!e.speakerId) continue;
      const cur = map.get(e.speakerId) ?? { ms: 0, count: 0, first: e.begin };
      cur.ms += Math.max(0, e.end - e.begin);
      cur.count += 1;
      cur.first = Math.min(cur.first, e.begin);
      map.set(e.speakerId, cur);
    }
    return { total, map };
  }, [task.timeline]);

  return (
    <section className={speakerStyles.speakersPanel} data-testid="speakers-panel" aria-labelledby={`speakers-${task.id}`}>
      <h3 id={`speakers-${task.id}`} className={speakerStyles.panelTitle}>
        {t("title", { count: task.speakers.length })}
      </h3>
      {task.speakers.length === 0 ? (
        <p className={styles.muted}>{t("none")}</p>
      ) : (
        <ul className={speakerStyles.speakerList}>
          {task.speakers.map((s) => {
            const look = looks.get(s.id)!;
            const st = stats.map.get(s.id);
            const share = st ? Math.round((st.ms / stats.total) * 100) : 0;
            const isOnly = only === s.id;
            return (
              <li key={s.id} className={speakerStyles.speakerItem} data-testid="speaker-item" data-speaker-id={s.id}>
                <span className={styles.avatar} style={{ ["--speaker" as string]: look.colour }} aria-hidden="true" data-testid="speaker-avatar">
                  {speakerMark(look.name)}
                </span>
                <div className={speakerStyles.speakerInfo}>
                  <span className={speakerStyles.speakerItemName} data-testid="speaker-name">
                    {look.name}
                  </span>
                  <span className={speakerStyles.speakerMeta}>
                    {t("stats", { segments: st?.count ?? 0, time: formatDuration((st?.ms ?? 0) / 1000), share })}
                    {st && onSeek ? (
                      <>
                        {" · "}
                        <button type="button" className={speakerStyles.linkBtn} onClick={() => onSeek(st.first)} data-testid="speaker-first">
                          {t("firstAt", { time: formatClock(st.first) })}
                        </button>
                      </>
                    ) : null}
                    {st && onOnly ? (
                      <>
                        {" · "}
                        <button
                          type="button"
                          className={speakerStyles.linkBtn}
                          aria-pressed={isOnly}
                          aria-label={isOnly ? t("everyone") : t("onlyThemLabel", { name: look.name })}
                          onClick={() => onOnly(isOnly ? null : s.id)}
                          data-testid="speaker-only"
                        >
                          {isOnly ? t("everyone") : t("onlyThem")}
                        </button>
                      </>
                    ) : null}
                  </span>
                  <VoiceMatchActions taskId={task.id} speaker={s} name={look.name} onAnswered={onRename ? onTaskChange : undefined} />
                  <span className={speakerStyles.shareBar} aria-hidden="true">
                    <span style={{ width: `${share}%`, background: look.colour }} />
                  </span>
                </div>
                {onRename ? (
                  <button type="button" className={ui.iconBtn} onClick={() => onRename(s.id)} aria-label={t("rename", { name: look.name })} title={t("rename", { name: look.name })} data-testid="speaker-edit">
                    <IconEdit />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {task.speakerSource && task.speakers.length > 0 ? (
        // Which path told the voices apart (docs/voice-profiles.md); ours miscounts most often, and the owner can fix it.
        <p className={styles.muted} data-testid="speaker-source" data-source={task.speakerSource}>
          {task.speakerSource === "provider" ? t("sourceProvider") : onRedetect ? t("sourceOursFix") : t("sourceOurs")}
        </p>
      ) : null}
      {onRedetect ? (
        <button type="button" className={`${ui.btn} ${ui.ghost} ${speakerStyles.redetectBtn}`} onClick={onRedetect} data-testid="speaker-redetect-open">
          {t("redetectOpen")}
        </button>
      ) : null}
    </section>
  );
}
