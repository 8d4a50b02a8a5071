"use client";
// Opens a task at a moment: /transcribe/?task=<id>&t=<ms> (a search hit) seeks the
// player there once the task is shown, which also makes that entry the active,
// highlighted one. A hit on the task already open arrives as SEEK_EVENT instead.
import { useEffect } from "react";
import { SEEK_EVENT, SEEK_PARAM } from "@/lib/search/search.client";
import type { MediaController } from "@/components/transcript/useMediaController";

function momentFromAddress(taskId: string): number | null {
  const url = new URL(window.location.href);
  if (url.searchParams.get("task") !== taskId || !url.searchParams.has(SEEK_PARAM)) return null;
  const ms = Number(url.searchParams.get(SEEK_PARAM));
  // Used once: selecting another task later must not carry the moment over.
  url.searchParams.delete(SEEK_PARAM);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export function useSeekFromAddress(taskId: string, loaded: boolean, seek: MediaController["seek"]) {
  useEffect(() => {
    if (!loaded) return;
    const ms = momentFromAddress(taskId);
    if (ms !== null) seek(ms, false);
  }, [taskId, loaded, seek]);

  useEffect(() => {
    const onSeek = (e: Event) => {
      const { taskId: target, ms } = (e as CustomEvent<{ taskId: string; ms: number }>).detail;
      if (target === taskId) seek(ms, false);
    };
    window.addEventListener(SEEK_EVENT, onSeek);
    return () => window.removeEventListener(SEEK_EVENT, onSeek);
  }, [taskId, seek]);
}
