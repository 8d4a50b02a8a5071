"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth";
import { isFinished, toolTranscripts, type ToolQuota, type ToolTranscriptView } from "@/lib/tools/transcript/transcript.client";

const POLL_MS = 1500;

export type QuotaDialog = null | "login" | "exhausted";

/**
 * The transcript tool's state: the shown transcript (polled until it settles), the history,
 * the quota, and which quota dialog is open. Reloads when the sign-in state changes, since
 * signed out and signed in have different histories and quotas.
 */
export function useTranscriptTool() {
  const { status } = useAuth();
  const [current, setCurrent] = useState<ToolTranscriptView | null>(null);
  const [history, setHistory] = useState<ToolTranscriptView[]>([]);
  const [quota, setQuota] = useState<ToolQuota | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<QuotaDialog>(null);
  const shownId = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    const [h, q] = await Promise.all([toolTranscripts.history().catch(() => null), toolTranscripts.quota().catch(() => null)]);
    if (h) setHistory(h.items);
    if (q) setQuota(q);
  }, []);

  /** Shows one transcript; the effect below polls it until it settles. */
  const show = useCallback(async (id: string) => {
    shownId.current = id;
    try {
      const { transcript } = await toolTranscripts.get(id);
      if (shownId.current === id) setCurrent(transcript);
    } catch (e) {
      if (shownId.current === id) setError(isApiError(e) ? e.message : String(e));
    }
  }, []);

  const currentId = current?.id;
  const settled = current ? isFinished(current) : true;
  useEffect(() => {
    if (!currentId) return;
    if (settled) {
      void refresh();
      return;
    }
    const timer = setTimeout(() => void show(currentId), POLL_MS);
    return () => clearTimeout(timer);
  }, [current, currentId, settled, show, refresh]);

  useEffect(() => {
    if (status === "loading") return;
    void refresh();
  }, [status, refresh]);

  async function start(url: string) {
    setError(null);
    setBusy(true);
    try {
      const { transcript } = await toolTranscripts.start(url);
      shownId.current = transcript.id;
      setCurrent(transcript);
      void refresh();
    } catch (e) {
      const key = isApiError(e) ? e.key : undefined;
      if (key === "tools.loginRequired") setDialog("login");
      else if (key === "tools.quotaExhausted") setDialog("exhausted");
      else setError(isApiError(e) ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return { status, current, history, quota, busy, error, dialog, setDialog, start, show, refresh, clearError: () => setError(null) };
}
