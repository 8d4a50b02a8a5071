"use client";
// React side of a live recording: opening the sources from the user's click, creating (or
// continuing) the session, and following the recorder's state until the task exists.
import { useCallback, useEffect, useRef, useState } from "react";
import { openDialogForRefusal, openOutOfCredits } from "@/components/account/events";
import { CaptureError, openSources, stopStreams, type CaptureErrorCode } from "@/lib/live/capture";
import { chunkStore } from "@/lib/live/chunk-db";
import { liveApi, type LiveSession, type LiveSource } from "@/lib/live/live.client";
import { LiveRecorder, type RecorderState } from "@/lib/live/recorder";

export type LivePhase = "setup" | "starting" | "active" | "error";

export interface LiveProblem {
  /** A browser-side catalogue key under live.errors, or null with the server's own message. */
  code: CaptureErrorCode | null;
  message?: string;
}

export function useLiveRecorder({ onDone, onRefused }: { onDone: (taskId: string) => void; onRefused: () => void }) {
  const [phase, setPhase] = useState<LivePhase>("setup");
  const [problem, setProblem] = useState<LiveProblem | null>(null);
  const [state, setState] = useState<RecorderState | null>(null);
  const recorder = useRef<LiveRecorder | null>(null);
  const finishing = useRef(false);

  const attach = useCallback((rec: LiveRecorder) => {
    recorder.current = rec;
    setState(rec.current);
    rec.subscribe(setState);
    setPhase("active");
  }, []);

  const fail = useCallback((e: unknown) => {
    setProblem(e instanceof CaptureError ? { code: e.code } : { code: null, message: e instanceof Error ? e.message : String(e) });
    setPhase("error");
  }, []);

  const stop = useCallback(async () => {
    const rec = recorder.current;
    if (!rec || finishing.current) return;
    finishing.current = true;
    try {
      onDone(await rec.finish());
    } catch (e) {
      fail(e);
    } finally {
      finishing.current = false;
    }
  }, [fail, onDone]);

  /** Call straight from the Start click: the screen-share picker needs that gesture. */
  const start = useCallback(
    async (source: LiveSource, spokenLanguage: string) => {
      setProblem(null);
      setPhase("starting");
      let streams: MediaStream[] = [];
      try {
        streams = await openSources(source);
        const session = await liveApi.create({ source, spokenLanguage });
        attach(await LiveRecorder.start(session, streams, await chunkStore()));
      } catch (e) {
        stopStreams(streams);
        if (openDialogForRefusal(e, onRefused)) return;
        fail(e);
      }
    },
    [attach, fail, onRefused],
  );

  /** Continues an interrupted session (after a reload); with `record` false it is only finished. */
  const continueSession = useCallback(
    async (session: LiveSession, record: boolean) => {
      setProblem(null);
      setPhase("starting");
      let streams: MediaStream[] = [];
      try {
        streams = record ? await openSources(session.source ?? "mic") : [];
        const rec = await LiveRecorder.start(session, streams, await chunkStore());
        attach(rec);
        if (!record) void stop();
      } catch (e) {
        stopStreams(streams);
        fail(e);
      }
    },
    [attach, fail, stop],
  );

  // At the plan's limit or the session's maximum length the recorder stops capturing; what
  // was recorded is finished at once, and used-up minutes open the out-of-credits dialog.
  const stopReason = state?.stopReason ?? null;
  useEffect(() => {
    if (!stopReason) return;
    if (stopReason === "credits") openOutOfCredits();
    void stop();
  }, [stopReason, stop]);

  // Leaving the page while recording: the browser asks first (the audio so far is safe either way).
  const recording = phase === "active" && state !== null && state.phase !== "done";
  useEffect(() => {
    if (!recording) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [recording]);

  return {
    phase,
    problem,
    state,
    start,
    continueSession,
    stop,
    pause: () => void recorder.current?.pause(),
    resume: () => void recorder.current?.resume(),
    mark: () => void recorder.current?.mark(),
    discard: async () => {
      await recorder.current?.discard();
      recorder.current = null;
    },
    reset: () => {
      setProblem(null);
      setPhase("setup");
    },
  };
}
