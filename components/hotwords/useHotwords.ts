"use client";
// The hotword manager's data: the list and its summary, kept in step with every
// change from the server's answers (each answer carries a fresh summary).
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "@/lib/client/api";
import { hotwordsApi, type Hotword, type HotwordBatchResult, type HotwordSummary } from "@/lib/hotwords/hotwords.client";

export type HotwordsState = "loading" | "ready" | "membershipRequired" | "error";

export const MEMBERSHIP_REQUIRED = "hotwords.membershipRequired";

export function isMembershipError(e: unknown): boolean {
  return isApiError(e) && e.key === MEMBERSHIP_REQUIRED;
}

export function useHotwords() {
  const [state, setState] = useState<HotwordsState>("loading");
  const [items, setItems] = useState<Hotword[]>([]);
  const [summary, setSummary] = useState<HotwordSummary | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);

  /** A plan that lapsed mid-session turns any call into the membership panel. */
  const watch = useCallback(<T>(call: Promise<T>): Promise<T> => {
    return call.catch((e: unknown) => {
      if (isMembershipError(e)) setState("membershipRequired");
      throw e;
    });
  }, []);

  const load = useCallback(async () => {
    setState("loading");
    try {
      const res = await hotwordsApi.list();
      setItems(res.items);
      setSummary(res.summary);
      setState("ready");
    } catch (e) {
      setLoadError(e);
      setState(isMembershipError(e) ? "membershipRequired" : "error");
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const add = useCallback(
    async (text: string) => {
      const res = await watch(hotwordsApi.create(text));
      setItems((cur) => [res.hotword, ...cur]);
      setSummary(res.summary);
      return res.hotword;
    },
    [watch],
  );

  const addBatch = useCallback(
    async (texts: string): Promise<HotwordBatchResult> => {
      const res = await watch(hotwordsApi.createBatch(texts));
      // The list is newest first; the batch was created in line order.
      setItems((cur) => [...[...res.items].reverse(), ...cur]);
      setSummary(res.summary);
      return res;
    },
    [watch],
  );

  const setEnabled = useCallback(
    async (id: string, enabled: boolean) => {
      const flip = (on: boolean) => setItems((cur) => cur.map((h) => (h.id === id ? { ...h, enabled: on } : h)));
      flip(enabled); // optimistic: a switch should move at once
      try {
        const res = await watch(hotwordsApi.update(id, { enabled }));
        setItems((cur) => cur.map((h) => (h.id === id ? res.hotword : h)));
        setSummary(res.summary);
      } catch (e) {
        flip(!enabled);
        throw e;
      }
    },
    [watch],
  );

  const remove = useCallback(
    async (id: string) => {
      const res = await watch(hotwordsApi.remove(id));
      setItems((cur) => cur.filter((h) => h.id !== id));
      setSummary(res.summary);
    },
    [watch],
  );

  return { state, items, summary, loadError, reload: load, add, addBatch, setEnabled, remove };
}

export type HotwordsModel = ReturnType<typeof useHotwords>;
