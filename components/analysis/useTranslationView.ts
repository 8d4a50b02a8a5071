"use client";
// Which language the task is shown in: the original, or a translation that is
// fetched, requested and polled here until it is done.
import { useCallback, useEffect, useRef, useState } from "react";
import { announceTranslation } from "@/components/notify/useTaskNotifications";
import { translationApi, type Translation } from "@/lib/analysis/analysis.client";

const POLL_MS = 1500;

export interface TranslationView {
  /** null shows the original. */
  target: string | null;
  choose: (target: string | null) => void;
  translation: Translation | null;
  /** The translation once it is done (what the text, the summary and the exports show); null before. */
  completed: Translation | null;
  /** Asks the worker to translate into the chosen language (again, after a failure). */
  request: () => Promise<void>;
  loading: boolean;
  error: unknown;
  /** false when this server cannot translate (no AI provider); null until it has said. */
  available: boolean | null;
}

export function useTranslationView(taskId: string, taskTitle: string): TranslationView {
  const [target, setTarget] = useState<string | null>(null);
  const [translation, setTranslation] = useState<Translation | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Bumped when a translation is requested, so the polling below starts again.
  const [requests, setRequests] = useState(0);
  const [available, setAvailable] = useState<boolean | null>(null);
  const title = useRef(taskTitle);

  useEffect(() => {
    let live = true;
    translationApi.config().then(
      ({ enabled }) => live && setAvailable(enabled),
      // Unknown: keep offering the picker; a refused request still says why.
      () => live && setAvailable(true),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    title.current = taskTitle;
  }, [taskTitle]);

  const choose = useCallback((next: string | null) => {
    setTarget(next);
    setTranslation(null);
    setError(null);
  }, []);

  // Fetch the chosen translation; keep polling while the worker translates.
  useEffect(() => {
    if (!target) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let wasTranslating = false;
    const load = async () => {
      setLoading(true);
      try {
        const t = await translationApi.query(taskId, target);
        if (cancelled) return;
        setTranslation(t);
        if (t?.status === "translating") {
          wasTranslating = true;
          timer = setTimeout(() => void load(), POLL_MS);
        } else if (wasTranslating && t) announceTranslation(title.current, t.status);
      } catch (e) {
        if (!cancelled) setError(e);
      } finally {
        if (!cancelled) setLoading(false);
      }
    };
    void load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [taskId, target, requests]);

  const request = useCallback(async () => {
    if (!target) return;
    setError(null);
    try {
      setTranslation(await translationApi.request(taskId, target));
      setRequests((n) => n + 1);
    } catch (e) {
      setError(e);
    }
  }, [taskId, target]);

  const completed = translation?.status === "translation_completed" ? translation : null;
  return { target, choose, translation, completed, request, loading, error, available };
}
