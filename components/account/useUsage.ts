"use client";
import { useCallback, useEffect, useState } from "react";
import { usageApi, type Usage } from "@/lib/tasks/task.client";

/** GET /api/usage, fetched on mount and whenever `refreshKey` changes. */
export function useUsage(refreshKey: unknown = 0, enabled = true) {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      const u = await usageApi.get();
      setUsage(u);
      setError(null);
      return u;
    } catch (e) {
      setError(e);
      return null;
    }
  }, []);
  useEffect(() => {
    if (enabled) void load();
  }, [load, refreshKey, enabled]);
  return { usage, error, reload: load };
}
