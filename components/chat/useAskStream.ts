"use client";
// One cancellable stream at a time. Starting a new stream stops the previous
// one, and unmounting stops whatever still runs, so the server stops writing
// too (it keeps a stopped chat answer as far as it got).
import { useCallback, useEffect, useMemo, useRef } from "react";
import { isAbortError } from "@/lib/client/api";
import { errorMessage } from "@/lib/client/api-errors";

export interface StreamControl {
  /** Stops any running stream and returns the signal for a new one. */
  begin: () => AbortSignal;
  /** Stops the running stream, if any. Its promise then rejects with an AbortError. */
  abort: () => void;
}

export function useAskStream(): StreamControl {
  const current = useRef<AbortController | null>(null);

  const abort = useCallback(() => {
    current.current?.abort();
    current.current = null;
  }, []);

  const begin = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);

  useEffect(() => abort, [abort]);

  return useMemo(() => ({ begin, abort }), [begin, abort]);
}

/** What a failed stream means for the screen: stopped on purpose, or an error to show. */
export function streamFailure(e: unknown, fallback: string): { stopped: true } | { stopped: false; message: string } {
  if (isAbortError(e)) return { stopped: true };
  return { stopped: false, message: errorMessage(e, fallback) };
}
