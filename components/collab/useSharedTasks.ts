"use client";
// "Shared with me": one page of the tasks the user collaborates on. Loaded only
// while that view is shown; refreshed when it is shown again.
import { useCallback, useEffect, useRef, useState } from "react";
import { collabApi } from "@/lib/collab/collaborators.client";
import type { TaskPage, TaskSummary } from "@/lib/tasks/task.client";

export function useSharedTasks(page: number, active: boolean) {
  const [data, setData] = useState<TaskPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const res = await collabApi.shared(page);
      if (mine !== seq.current) return;
      setData(res);
      setError(null);
    } catch (e) {
      if (mine === seq.current) setError(e);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [page]);

  useEffect(() => {
    if (active) void load();
    else setData(null);
  }, [active, load]);

  const patch = useCallback((summary: Partial<TaskSummary> & { id: string }) => {
    setData((d) => (d ? { ...d, items: d.items.map((t) => (t.id === summary.id ? { ...t, ...summary } : t)) } : d));
  }, []);

  const remove = useCallback((ids: string[]) => {
    setData((d) => (d ? { ...d, items: d.items.filter((t) => !ids.includes(t.id)), total: Math.max(0, d.total - ids.length) } : d));
  }, []);

  return { data, error, loading, refresh: load, patch, remove };
}
