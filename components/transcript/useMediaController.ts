"use client";
// Connects the player with the transcript: the element is registered here,
// lines seek through it, and the transcript follows its clock.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TimelineEntry } from "@/lib/tasks/task.client";
import { activeEntryAt, nextInSpeakerLines } from "@/lib/tasks/transcript-groups";

export interface MediaController {
  element: HTMLMediaElement | null;
  setElement: (el: HTMLMediaElement | null) => void;
  /** Seeks to `ms` and (by default) plays. Works before the metadata has loaded too. */
  seek: (ms: number, play?: boolean) => void;
}

export function useMediaController(): MediaController {
  const [element, setElementState] = useState<HTMLMediaElement | null>(null);
  const pending = useRef<{ ms: number; play: boolean } | null>(null);

  const apply = useCallback((el: HTMLMediaElement, ms: number, play: boolean) => {
    const go = () => {
      el.currentTime = ms / 1000;
      if (play) void el.play().catch(() => undefined);
    };
    if (el.readyState >= 1) go();
    else {
      el.addEventListener("loadedmetadata", go, { once: true });
      if (el.preload === "none") el.load();
    }
  }, []);

  const setElement = useCallback(
    (el: HTMLMediaElement | null) => {
      setElementState(el);
      if (el && pending.current) {
        apply(el, pending.current.ms, pending.current.play);
        pending.current = null;
      }
    },
    [apply],
  );

  const seek = useCallback(
    (ms: number, play = true) => {
      if (element) apply(element, ms, play);
      else pending.current = { ms, play };
    },
    [element, apply],
  );

  return useMemo(() => ({ element, setElement, seek }), [element, setElement, seek]);
}

/**
 * Position in `timeline` of the entry being played (-1 before the first, or
 * when nothing has played yet). Re-renders only when that entry changes.
 */
export function useActiveEntry(element: HTMLMediaElement | null, timeline: TimelineEntry[]): number {
  const [active, setActive] = useState(-1);
  const started = useRef(false);

  useEffect(() => {
    started.current = false;
    setActive(-1);
  }, [element, timeline.length]);

  useEffect(() => {
    if (!element) return;
    let frame = 0;
    const compute = () => {
      if (!started.current && element.currentTime === 0 && element.paused) return;
      started.current = true;
      const idx = activeEntryAt(timeline, element.currentTime * 1000);
      setActive((prev) => (prev === idx ? prev : idx));
    };
    const loop = () => {
      compute();
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      started.current = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onPause = () => {
      cancelAnimationFrame(frame);
      compute();
    };
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onPause);
    element.addEventListener("seeked", compute);
    element.addEventListener("timeupdate", compute);
    if (!element.paused) onPlay();
    else compute();
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onPause);
      element.removeEventListener("seeked", compute);
      element.removeEventListener("timeupdate", compute);
    };
  }, [element, timeline]);

  return active;
}

/** Moves a player's clock (a function of its own: a hook may not assign to what it was given). */
function setClock(el: HTMLMediaElement, ms: number) {
  el.currentTime = ms / 1000;
}

/**
 * While `speakerId` is set, playback plays that speaker's lines only: it jumps over everyone else's and pauses after
 * their last line; pressing play there starts again at their first. Checked every frame while playing, and on the
 * player's own clock too, which keeps ticking in a background tab where frames stop.
 */
export function useOnlySpeakerPlayback(element: HTMLMediaElement | null, timeline: TimelineEntry[], speakerId: string | null) {
  useEffect(() => {
    if (!element || !speakerId) return;
    // Their lines, picked once: the check below runs every frame, and a long recording has thousands of lines.
    const theirs = timeline.filter((e) => e.speakerId === speakerId);
    let frame = 0;
    const step = () => {
      if (element.paused || element.seeking) return;
      const next = nextInSpeakerLines(theirs, speakerId, element.currentTime * 1000);
      if (next.action === "seek") setClock(element, next.ms);
      else if (next.action === "stop") element.pause();
    };
    const loop = () => {
      step();
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      if (nextInSpeakerLines(theirs, speakerId, element.currentTime * 1000).action === "stop") {
        const first = nextInSpeakerLines(theirs, speakerId, -1);
        if (first.action === "seek") setClock(element, first.ms);
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onPause = () => cancelAnimationFrame(frame);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("timeupdate", step);
    if (!element.paused) onPlay();
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("timeupdate", step);
    };
  }, [element, timeline, speakerId]);
}
