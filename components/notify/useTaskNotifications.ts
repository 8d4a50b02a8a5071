"use client";
// Announces task transitions seen while the page is open (product scope): transcription,
// analysis and (through announceTranslation) translation finishing or failing.
// Tasks seen for the first time are only remembered, so loading the page or
// turning a page of the list never announces old news.
import { useCallback, useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { announce, type AnnounceTone } from "@/lib/client/notifications";
import { hasTranscript, isInProgress, type TaskSource, type TaskStatus, type TaskSummary } from "@/lib/tasks/task.client";

export type TaskEvent = "transcriptionCompleted" | "transcriptionFailed" | "importCompleted" | "importFailed" | "analysisCompleted" | "analysisFailed" | "translationCompleted" | "translationFailed";

type Translate = (key: string, values?: Record<string, string>) => string;

const FAILURES: readonly TaskEvent[] = ["transcriptionFailed", "importFailed", "analysisFailed", "translationFailed"];

// Used when announceTranslation is called with no mounted hook to lend its translator.
const englishFallback: Record<TaskEvent, { title: string; body: string }> = {
  transcriptionCompleted: { title: "Transcription complete", body: "“{title}” has been transcribed." },
  transcriptionFailed: { title: "Transcription failed", body: "“{title}” could not be transcribed." },
  importCompleted: { title: "Import complete", body: "“{title}” is ready." },
  importFailed: { title: "Import failed", body: "“{title}” could not be imported." },
  analysisCompleted: { title: "Summary ready", body: "The summary and mind map of “{title}” are ready." },
  analysisFailed: { title: "Analysis failed", body: "The summary of “{title}” could not be made." },
  translationCompleted: { title: "Translation complete", body: "“{title}” has been translated." },
  translationFailed: { title: "Translation failed", body: "“{title}” could not be translated." },
};

let currentTranslate: Translate | null = null;

function announceEvent(event: TaskEvent, title: string, tag: string): void {
  const tone: AnnounceTone = FAILURES.includes(event) ? "error" : "success";
  const text = (part: "title" | "body") =>
    currentTranslate ? currentTranslate(`events.${event}.${part}`, { title }) : englishFallback[event][part].replace("{title}", title);
  announce(text("title"), text("body"), { tone, tag });
}

/**
 * What happened between two statuses of one task; polling may skip states, so transcription counts as
 * done on reaching any transcribed state. A document or pasted text is imported, not transcribed.
 */
export function eventsBetween(before: TaskStatus, after: TaskStatus, source?: TaskSource): TaskEvent[] {
  if (before === after) return [];
  const events: TaskEvent[] = [];
  const wasTranscribing = isInProgress(before) || before === "not_started";
  const isText = source === "document" || source === "text";
  if (wasTranscribing && hasTranscript(after)) events.push(isText ? "importCompleted" : "transcriptionCompleted");
  if (wasTranscribing && after === "failed") events.push(isText ? "importFailed" : "transcriptionFailed");
  if (after === "analysis_completed") events.push("analysisCompleted");
  if (after === "analysis_failed") events.push("analysisFailed");
  return events;
}

/** For the translation panel: announce a translation that finished while it was watched. */
export function announceTranslation(title: string, status: TaskStatus): void {
  if (status === "translation_completed") announceEvent("translationCompleted", title, `translation-${title}-${status}`);
  else if (status === "translation_failed") announceEvent("translationFailed", title, `translation-${title}-${status}`);
}

/**
 * Remembers each task's last status and announces the transitions (pass the list's tasks; undefined while loading).
 * Returns `watch`, for tasks this page just created: they are remembered at their first status, so a task that
 * finishes before the list sees it (a pasted text takes a second) is still announced.
 * `onEvents` hears what was announced (the home reloads the minutes used when a transcription ends).
 */
export function useTaskNotifications(tasks: TaskSummary[] | undefined, onEvents?: (events: TaskEvent[]) => void): { watch: (created: TaskSummary[]) => void } {
  const t = useTranslations("notify");
  const lastStatus = useRef(new Map<string, TaskStatus>());
  // The latest callback, without re-running the announcing effect when the caller re-renders.
  const onEventsRef = useRef(onEvents);
  useEffect(() => {
    onEventsRef.current = onEvents;
  }, [onEvents]);
  const watch = useCallback((created: TaskSummary[]) => {
    for (const task of created) if (!lastStatus.current.has(task.id)) lastStatus.current.set(task.id, task.status);
  }, []);

  useEffect(() => {
    const mine: Translate = (key, values) => t(key, values);
    currentTranslate = mine;
    return () => {
      if (currentTranslate === mine) currentTranslate = null;
    };
  }, [t]);

  useEffect(() => {
    if (!tasks) return;
    const seen = lastStatus.current;
    const happened: TaskEvent[] = [];
    for (const task of tasks) {
      const before = seen.get(task.id);
      seen.set(task.id, task.status);
      if (before === undefined) continue;
      for (const event of eventsBetween(before, task.status, task.source)) {
        announceEvent(event, task.title, `${task.id}-${event}`);
        happened.push(event);
      }
    }
    if (happened.length) onEventsRef.current?.(happened);
  }, [tasks]);

  return { watch };
}
