"use client";
// What a user sees while recording: recorded time, a level meter, the live transcript with
// unfinished words marked, pause/resume, "Mark this moment" and stop, plus the notices
// (engine behind, connection lost, no sound from a source, maximum length soon).
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { formatClock, formatDuration } from "@/lib/format/time";
import type { LiveSegment, LiveSource } from "@/lib/live/live.client";
import type { RecorderState } from "@/lib/live/recorder";
import styles from "./live.module.css";

export interface LiveRecordingViewProps {
  state: RecorderState;
  source: LiveSource;
  onPause: () => void;
  onResume: () => void;
  onMark: () => void;
  onStop: () => void;
}

export function LiveRecordingView({ state, source, onPause, onResume, onMark, onStop }: LiveRecordingViewProps) {
  const t = useTranslations("live");
  const recording = state.phase === "recording";
  const finishing = state.phase === "finishing" || state.phase === "done";
  const lastMark = state.marks[state.marks.length - 1];
  return (
    <div className={styles.view} data-testid="live-recording" data-phase={state.phase} data-tracks={state.tracks}>
      <div className={styles.statusRow}>
        <span className={`${styles.dot} ${recording ? styles.dotOn : ""}`} aria-hidden="true" />
        <span className={styles.phase} data-testid="live-phase">
          {finishing ? t("finishing") : recording ? t("recording") : t("paused")}
        </span>
        <span className={styles.elapsed} role="timer" aria-label={t("elapsed")} data-testid="live-elapsed" data-seconds={state.elapsedSec.toFixed(2)}>
          {formatClock(state.elapsedSec * 1000)}
        </span>
      </div>
      <LevelMeter level={state.level} label={t("level")} />
      <Notices state={state} source={source} />
      <LiveTranscript segments={state.segments} />
      {state.marks.length > 0 ? (
        <p className={styles.muted} data-testid="live-marks" data-count={state.marks.length}>
          {t("marks", { count: state.marks.length, time: formatDuration(lastMark ?? 0) })}
        </p>
      ) : null}
      <div className={styles.controls}>
        {recording ? (
          <button type="button" className={ui.btn} onClick={onPause} disabled={finishing} data-testid="live-pause">
            {t("pause")}
          </button>
        ) : (
          <button type="button" className={ui.btn} onClick={onResume} disabled={finishing || state.stopReason !== null} data-testid="live-resume">
            {t("resume")}
          </button>
        )}
        <button type="button" className={ui.btn} onClick={onMark} disabled={finishing} data-testid="live-mark">
          {t("mark")}
        </button>
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onStop} disabled={finishing} data-testid="live-stop">
          {finishing ? <span className={ui.spinner} aria-hidden="true" /> : <span className={styles.stopSquare} aria-hidden="true" />}
          {t("stop")}
        </button>
      </div>
      <p className={styles.muted}>{t("finalNote")}</p>
    </div>
  );
}

function LevelMeter({ level, label }: { level: number; label: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    <div className={styles.meter} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} data-testid="live-level" data-level={pct}>
      <div className={styles.meterFill} style={{ width: `${pct}%` }} />
    </div>
  );
}

function Notices({ state, source }: { state: RecorderState; source: LiveSource }) {
  const t = useTranslations("live");
  const notices: { key: string; text: string; tone: string }[] = [];
  if (state.connectionLost) notices.push({ key: "connection", text: t("errors.connectionLost", { count: state.unsent }), tone: ui.warn });
  if (state.behind) notices.push({ key: "behind", text: t("behind"), tone: ui.info });
  for (const index of state.silentSources) {
    // In a mix the tab is the second stream; a tab alone is the first.
    const isTab = source === "tab" || (source === "mix" && index === 1);
    notices.push({ key: `silent-${index}`, text: isTab ? t("errors.tabNoAudio") : t("errors.micSilent"), tone: ui.warn });
  }
  if (state.maxLengthWarning !== null && !state.stopReason) notices.push({ key: "max", text: t("maxLengthWarning", { time: formatDuration(state.maxLengthWarning) }), tone: ui.warn });
  if (state.creditsWarning !== null && !state.stopReason) notices.push({ key: "credits-soon", text: t("creditsWarning", { time: formatDuration(state.creditsWarning) }), tone: ui.warn });
  if (state.stopReason === "maxLength") notices.push({ key: "maxReached", text: t("maxLengthReached"), tone: ui.info });
  if (state.stopReason === "credits") notices.push({ key: "credits", text: t("creditsReached"), tone: ui.info });
  if (state.phase === "finishing" && state.connectionLost) notices.push({ key: "waiting", text: t("finishingWaiting"), tone: ui.warn });
  if (notices.length === 0) return null;
  return (
    <div className={styles.notices} role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.key} className={`${ui.alert} ${n.tone}`} data-testid={`live-notice-${n.key}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

/** The live text: final sentences plain, the sentence still being spoken muted and italic (and said so to screen readers). */
export function LiveTranscript({ segments }: { segments: LiveSegment[] }) {
  const t = useTranslations("live");
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  // Follows the newest words unless the user scrolled up to read.
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [segments]);
  return (
    <div
      ref={box}
      className={styles.transcript}
      aria-label={t("transcript")}
      aria-live="polite"
      role="log"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
      data-testid="live-transcript"
    >
      {segments.length === 0 ? <p className={styles.placeholder}>{t("transcriptEmpty")}</p> : null}
      {segments.map((s) =>
        s.final ? (
          <span key={s.id} className={styles.final} data-testid="live-final" data-segment={s.id}>
            {s.text}{" "}
          </span>
        ) : (
          <span key={s.id} className={styles.partial} data-testid="live-partial" data-segment={s.id} aria-description={t("partial")}>
            {s.text}{" "}
          </span>
        ),
      )}
    </div>
  );
}
