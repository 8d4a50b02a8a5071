"use client";
// The transcript grouped by consecutive speaker. A click on a line seeks the
// player there and plays; the line being played is highlighted and, while
// "follow" is on, kept in view. Lines can be edited in place.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type Task, type TimelineEntry } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { errorMessage } from "@/lib/client/api-errors";
import { SpeechEngineNote } from "./SpeechEngineNote";
import { groupBySpeaker } from "@/lib/tasks/transcript-groups";
import { formatClock } from "@/lib/format/time";
import { IconEdit } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { EntryEditor } from "./EntryEditor";
import { LineSpeakerMenu, type LineSpeakerChoice } from "./LineSpeakerMenu";
import { TaskHighlights } from "@/components/live/TaskHighlights";
import { highlightedEntries } from "@/lib/live/highlights";
import { speakerLooks, UNKNOWN_COLOUR, type SpeakerLook } from "./speakers";
import { speakerMark } from "@/lib/tasks/speaker-names";
import { useActiveEntry, useOnlySpeakerPlayback, type MediaController } from "./useMediaController";
import styles from "./transcript.module.css";
import speakerStyles from "./speakers.module.css";

export interface TranscriptViewProps {
  task: Task;
  controller: MediaController;
  follow: boolean;
  onTaskChange: (task: Task) => void;
  onRenameSpeaker?: (speakerId: string) => void;
  editable?: boolean;
  /** The owner may give a line to another speaker (a collaborator or a translation may not). */
  speakersEditable?: boolean;
  /** "Only their lines": just this speaker's lines are shown and played (SpeakersPanel sets it). */
  onlySpeaker?: string | null;
  onShowAll?: () => void;
}

const NO_HIGHLIGHTS: readonly { id: string; atSec: number }[] = [];

export function TranscriptView({ task, controller, follow, onTaskChange, onRenameSpeaker, editable = true, speakersEditable = false, onlySpeaker = null, onShowAll }: TranscriptViewProps) {
  const t = useTranslations("app.transcript");
  const tt = useTranslations("tasks");
  const terr = useTranslations("errors");
  const [editing, setEditing] = useState<number | null>(null);
  const activePos = useActiveEntry(controller.element, task.timeline);
  const activeIndex = activePos >= 0 ? (task.timeline[activePos]?.index ?? null) : null;
  const rootRef = useRef<HTMLDivElement>(null);

  const looks = useMemo(() => speakerLooks(task.speakers, (n) => tt("speakerDefault", { n })), [task.speakers, tt]);
  const groups = useMemo(() => groupBySpeaker(task.timeline), [task.timeline]);
  // A speaker merged away or re-detected out of the recording no longer filters anything.
  const only = onlySpeaker !== null && looks.has(onlySpeaker) ? onlySpeaker : null;
  const shownGroups = useMemo(() => (only === null ? groups : groups.filter((g) => g.speakerId === only)), [groups, only]);
  useOnlySpeakerPlayback(controller.element, task.timeline, only);
  // Moments marked while recording live (components/live) mark their lines.
  const highlights = task.highlights ?? NO_HIGHLIGHTS;
  const highlighted = useMemo(() => highlightedEntries(task.timeline, highlights), [task.timeline, highlights]);

  useEffect(() => {
    if (!follow || activeIndex === null || editing !== null) return;
    const el = rootRef.current?.querySelector<HTMLElement>(`[data-entry-index="${activeIndex}"]`);
    el?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [activeIndex, follow, editing]);

  const { seek } = controller;
  const onSeek = useCallback((ms: number) => seek(ms, true), [seek]);

  const saveEntry = useCallback(
    async (index: number, text: string) => {
      const updated = await tasksApi.editEntries(task.id, [{ index, text }]);
      onTaskChange(updated);
      setEditing(null);
      toast.success(t("saved"));
    },
    [task.id, onTaskChange, t],
  );

  const chooseSpeaker = useCallback(
    async (index: number, speakerId: string | "new") => {
      try {
        onTaskChange(await tasksApi.setEntrySpeaker(task.id, index, speakerId));
        toast.success(t("speakerChanged"));
      } catch (e) {
        toast.error(errorMessage(e, terr("tasks.saveFailed")));
      }
    },
    [task.id, onTaskChange, t, terr],
  );
  const speakerChoice = useMemo<LineSpeakerChoice | undefined>(
    () =>
      speakersEditable && task.speakers.length > 0
        ? { speakers: task.speakers.map((s) => ({ id: s.id, look: looks.get(s.id)! })), onChoose: chooseSpeaker, labels: { menu: t("lineSpeaker"), newSpeaker: t("newSpeaker") } }
        : undefined,
    [speakersEditable, task.speakers, looks, chooseSpeaker, t],
  );

  if (task.timeline.length === 0) {
    return (
      <div className={styles.empty} data-testid="transcript-empty">
        {terr("tasks.noTranscription")}
      </div>
    );
  }

  return (
    <div ref={rootRef} className={styles.transcript} data-testid="transcript" aria-label={t("label")}>
      <SpeechEngineNote engine={task.speechEngine} profile={task.decodeProfile} />
      <TaskHighlights highlights={highlights} onSeek={onSeek} />
      {only !== null ? (
        <div className={speakerStyles.onlyBar} data-testid="transcript-only-speaker" data-speaker-id={only}>
          <span>{t("onlySpeaker", { name: looks.get(only)!.name, shown: shownGroups.reduce((n, g) => n + g.entries.length, 0), total: task.timeline.length })}</span>
          {onShowAll ? (
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onShowAll} data-testid="transcript-only-speaker-clear">
              {t("showAll")}
            </button>
          ) : null}
        </div>
      ) : null}
      {shownGroups.map((g) => {
        const look = g.speakerId ? looks.get(g.speakerId) : undefined;
        return (
          <Group
            key={`${g.entries[0]!.index}`}
            speakerId={g.speakerId}
            look={look}
            unknownName={t("unknownSpeaker")}
            entries={g.entries}
            begin={g.begin}
            activeIndex={activeIndex}
            highlighted={highlighted}
            editing={editing}
            editable={editable}
            onSeek={onSeek}
            onEdit={setEditing}
            onSave={saveEntry}
            onRenameSpeaker={onRenameSpeaker}
            speakerChoice={speakerChoice}
            labels={{ edit: t("edit"), rename: t("renameSpeaker"), seek: t("seekTo") }}
          />
        );
      })}
    </div>
  );
}

interface GroupProps {
  speakerId: string | null;
  look: SpeakerLook | undefined;
  unknownName: string;
  entries: TimelineEntry[];
  begin: number;
  activeIndex: number | null;
  highlighted: ReadonlySet<number>;
  editing: number | null;
  editable: boolean;
  onSeek: (ms: number) => void;
  onEdit: (index: number | null) => void;
  onSave: (index: number, text: string) => Promise<void>;
  onRenameSpeaker?: (speakerId: string) => void;
  speakerChoice: LineSpeakerChoice | undefined;
  labels: { edit: string; rename: string; seek: string };
}

const Group = memo(function Group({ speakerId, look, unknownName, entries, begin, activeIndex, highlighted, editing, editable, onSeek, onEdit, onSave, onRenameSpeaker, speakerChoice, labels }: GroupProps) {
  const colour = look?.colour ?? UNKNOWN_COLOUR;
  const name = look?.name ?? unknownName;
  const containsActive = activeIndex !== null && entries.some((e) => e.index === activeIndex);
  return (
    <section className={`${styles.group} ${containsActive ? styles.groupActive : ""}`} data-testid="transcript-group" data-speaker-id={speakerId ?? ""} style={{ ["--speaker" as string]: colour }}>
      <header className={styles.groupHead}>
        <span className={styles.avatar} aria-hidden="true" data-testid="speaker-avatar">
          {speakerMark(name)}
        </span>
        {speakerId && onRenameSpeaker ? (
          <button type="button" className={styles.speakerName} onClick={() => onRenameSpeaker(speakerId)} title={labels.rename} data-testid="transcript-speaker-name">
            {name}
          </button>
        ) : (
          <span className={styles.speakerName} data-testid="transcript-speaker-name">
            {name}
          </span>
        )}
        <button type="button" className={styles.groupTime} onClick={() => onSeek(begin)} data-testid="transcript-group-time" aria-label={`${labels.seek} ${formatClock(begin)}`}>
          {formatClock(begin)}
        </button>
      </header>
      <div className={styles.lines}>
        {entries.map((e) =>
          editing === e.index ? (
            <div key={e.index} className={`${styles.line} ${styles.lineEditing}`} data-entry-index={e.index} data-testid="transcript-entry" data-editing="true">
              <EntryEditor initial={e.text} onSave={(text) => onSave(e.index, text)} onCancel={() => onEdit(null)} />
            </div>
          ) : (
            <Line key={e.index} entry={e} active={activeIndex === e.index} highlighted={highlighted.has(e.index)} editable={editable && editing === null} speakerChoice={editing === null ? speakerChoice : undefined} onSeek={onSeek} onEdit={onEdit} labels={labels} />
          ),
        )}
      </div>
    </section>
  );
});

const Line = memo(function Line({
  entry,
  active,
  highlighted,
  editable,
  speakerChoice,
  onSeek,
  onEdit,
  labels,
}: {
  entry: TimelineEntry;
  active: boolean;
  highlighted: boolean;
  editable: boolean;
  speakerChoice: LineSpeakerChoice | undefined;
  onSeek: (ms: number) => void;
  onEdit: (index: number) => void;
  labels: { edit: string; seek: string };
}) {
  return (
    <div
      className={`${styles.line} ${active ? styles.lineActive : ""} ${highlighted ? styles.lineHighlighted : ""}`}
      data-entry-index={entry.index}
      data-highlighted={highlighted ? "true" : undefined}
      data-begin={entry.begin}
      data-end={entry.end}
      data-active={active ? "true" : "false"}
      aria-current={active ? "true" : undefined}
      data-testid="transcript-entry"
    >
      <div
        role="button"
        tabIndex={0}
        className={styles.lineBody}
        onClick={() => {
          // A drag to select text is not a click to seek.
          if (window.getSelection()?.toString()) return;
          onSeek(entry.begin);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onSeek(entry.begin);
          }
        }}
        onDoubleClick={() => editable && onEdit(entry.index)}
        title={`${labels.seek} ${formatClock(entry.begin)}`}
        data-testid="transcript-entry-text"
      >
        <span className={styles.lineTime} data-testid="transcript-entry-time">
          {formatClock(entry.begin)}
        </span>
        <span className={styles.lineText}>{entry.text}</span>
      </div>
      {speakerChoice ? <LineSpeakerMenu index={entry.index} current={entry.speakerId} choice={speakerChoice} /> : null}
      {editable ? (
        <button type="button" className={`${ui.iconBtn} ${styles.lineEdit}`} onClick={() => onEdit(entry.index)} aria-label={labels.edit} title={labels.edit} data-testid="entry-edit">
          <IconEdit size={14} />
        </button>
      ) : null}
    </div>
  );
});
