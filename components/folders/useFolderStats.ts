"use client";
// The sidebar's counts (GET /api/folder/stats): every folder, uncategorized, all.
import { useCallback, useEffect, useRef, useState } from "react";
import { foldersApi, type FolderStats } from "@/lib/folders/folders.client";

export function useFolderStats() {
  const [stats, setStats] = useState<FolderStats | null>(null);
  const seq = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const next = await foldersApi.stats();
      if (mine === seq.current) setStats(next);
    } catch {
      // The counts are a convenience: the list itself reports a failed load.
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { stats, refresh };
}
