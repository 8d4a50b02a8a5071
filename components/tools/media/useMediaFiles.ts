"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/client/api";
import type { ProcessedFileView } from "@/lib/tools/media/rules";

export const FILES_PATH = "/api/tools/media/files";
const POLL_MS = 1000;

/** The caller's processed files, polled every second while one is waiting or processing. */
export function useMediaFiles() {
  const [items, setItems] = useState<ProcessedFileView[] | null>(null);
  const reload = useCallback(async () => {
    const res = await api.get<{ items: ProcessedFileView[] }>(FILES_PATH);
    setItems(res.items);
    return res.items;
  }, []);
  useEffect(() => {
    void reload().catch(() => setItems([]));
  }, [reload]);
  const busy = items?.some((f) => f.status === "queued" || f.status === "processing") ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void reload().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, reload]);
  return { items, setItems, reload };
}

/** A clock that ticks every second (countdowns, "minutes ago"). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
