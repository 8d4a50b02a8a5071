"use client";
// One task with its transcript (GET /api/transcription/tasks/{id}). Refetched
// when the list reports a change of status; polls on its own while running
// if no list is watching it (e.g. a task from another page of the list).
import { useCallback, useEffect, useState, type SetStateAction } from "react";
import { isNonFinal, tasksApi, type Task, type TaskSummary } from "@/lib/tasks/task.client";
import { POLL_INTERVAL_MS } from "./useTaskList";

type DetailState = { id: string | null; task: Task | null; error: unknown; loading: boolean };

const fresh = (id: string | null): DetailState => ({ id, task: null, error: null, loading: Boolean(id) });

export function useTaskDetail(id: string | null, summary?: TaskSummary | null) {
  const [state, setState] = useState<DetailState>(() => fresh(id));
  const [reloads, setReloads] = useState(0);
  // A new task: start from nothing (adjusting state during render, as React advises).
  if (state.id !== id) setState(fresh(id));

  const watched = summary != null;
  // Refetch when the list sees the status (or the last update) change.
  const changeKey = summary ? `${summary.status}|${summary.updateTime}` : "";

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        const task = await tasksApi.get(id);
        if (cancelled) return;
        setState({ id, task, error: null, loading: false });
        if (!watched && isNonFinal(task.status)) timer = setTimeout(() => void load(), POLL_INTERVAL_MS);
      } catch (error) {
        if (!cancelled) setState((s) => ({ ...s, error, loading: false }));
      }
    };
    void load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [id, watched, changeKey, reloads]);

  const setTask = useCallback((update: SetStateAction<Task | null>) => {
    setState((s) => ({ ...s, task: typeof update === "function" ? update(s.task) : update }));
  }, []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return { task: state.task, setTask, error: state.error, loading: state.loading, reload };
}

/** The list's part of a task: what the detail reports back when the task changes. */
function summaryOf(task: Task): TaskSummary {
  const { speakers: _s, timeline: _tl, fullText: _f, summary: _su, summaryEngine: _se, summaryLanguage: _sl, mindMap: _m, mindMapOutdated: _mo, outline: _o, speechEngine: _e, speakerCount: _sc, translations: _tr, ...rest } = task;
  return rest;
}

/**
 * A task shown beside the list (desktop detail, mobile view): the detail, the
 * merged view (the list's polled copy has the freshest status), and the two
 * ways a change flows back to the list.
 */
export function useListedTask(id: string, summary: TaskSummary | null, onSummaryChange: (s: TaskSummary) => void) {
  const detail = useTaskDetail(id, summary);
  const { task, setTask } = detail;
  const view: TaskSummary | null = task ? { ...task, ...(summary ?? {}) } : summary;
  // A change made here (rename, edit, re-detect): keep it and tell the list.
  const onTaskChange = useCallback(
    (next: Task) => {
      setTask(next);
      onSummaryChange(summaryOf(next));
    },
    [setTask, onSummaryChange],
  );
  // A new status from an action (start, analyse): tell the list and merge it in.
  const onSummary = useCallback(
    (s: TaskSummary) => {
      onSummaryChange(s);
      setTask((cur) => (cur ? { ...cur, ...s } : cur));
    },
    [onSummaryChange, setTask],
  );
  return { ...detail, view, onTaskChange, onSummary };
}
