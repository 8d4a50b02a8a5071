"use client";
// The task list with live status: one page from GET /api/transcription/tasks
// (optionally one folder's: a folder id or "uncategorized"),
// polled every 2 s while any task on it is in a non-final state.
import { useCallback, useEffect, useRef, useState } from "react";
import { DEFAULT_PAGE_SIZE, isNonFinal, tasksApi, type TaskPage, type TaskSummary } from "@/lib/tasks/task.client";

export const POLL_INTERVAL_MS = 2000;

export function useTaskList(page: number, pageSize = DEFAULT_PAGE_SIZE, folderId?: string) {
  const [data, setData] = useState<TaskPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const load = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const mine = ++seq.current;
    try {
      const res = await tasksApi.list(page, pageSize, folderId);
      if (!alive.current || mine !== seq.current) return;
      setData(res);
      setError(null);
      if (res.items.some((t) => isNonFinal(t.status))) {
        timer.current = setTimeout(function tick() {
          if (document.visibilityState === "hidden") {
            timer.current = setTimeout(tick, POLL_INTERVAL_MS);
            return;
          }
          void load();
        }, POLL_INTERVAL_MS);
      }
    } catch (e) {
      if (!alive.current || mine !== seq.current) return;
      setError(e);
      // Keep trying while something is running; a transient failure should not freeze the statuses.
      timer.current = setTimeout(() => void load(), POLL_INTERVAL_MS * 3);
    } finally {
      if (alive.current && mine === seq.current) setLoading(false);
    }
  }, [page, pageSize, folderId]);

  // Another folder's list: do not show the previous one meanwhile.
  useEffect(() => setData(null), [folderId]);

  useEffect(() => {
    alive.current = true;
    setLoading(true);
    void load();
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      alive.current = false;
      document.removeEventListener("visibilitychange", onVisible);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  /**
   * Replaces one task in the list (after a rename, a retry...) without a round
   * trip; a task that starts moving again (analysis started) restarts the polling.
   */
  const patch = useCallback(
    (summary: Partial<TaskSummary> & { id: string }) => {
      setData((d) => (d ? { ...d, items: d.items.map((t) => (t.id === summary.id ? { ...t, ...summary } : t)) } : d));
      if (summary.status && isNonFinal(summary.status) && !timer.current) timer.current = setTimeout(() => void load(), POLL_INTERVAL_MS);
    },
    [load],
  );

  const remove = useCallback((ids: string[]) => {
    setData((d) => (d ? { ...d, items: d.items.filter((t) => !ids.includes(t.id)), total: Math.max(0, d.total - ids.length) } : d));
  }, []);

  return { data, error, loading, refresh: load, patch, remove };
}
