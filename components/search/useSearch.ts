"use client";
// The search box's state: debounced queries, one request at a time (a newer query
// aborts the older one), pages appended by "more".
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { searchApi, type SearchHit } from "@/lib/search/search.client";
import { checkQuery, type QueryProblem } from "@/lib/search/search.schema";

const DEBOUNCE_MS = 300;

export interface SearchState {
  /** The query the items answer, once one was asked. */
  asked: string | null;
  items: SearchHit[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  problem: QueryProblem | null;
}

const idle: SearchState = { asked: null, items: [], page: 1, hasMore: false, loading: false, error: null, problem: null };

export function useSearch(input: string, fallbackError: string) {
  const [state, setState] = useState<SearchState>(idle);
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(
    async (q: string, page: number) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      setState((s) => ({ ...s, loading: true, error: null, problem: null }));
      try {
        const res = await searchApi.search(q, page, undefined, ctl.signal);
        if (ctl.signal.aborted) return;
        setState((s) => ({ asked: q, items: page === 1 ? res.items : [...s.items, ...res.items], page, hasMore: res.hasMore, loading: false, error: null, problem: null }));
      } catch (e) {
        if (ctl.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: e instanceof ApiError ? e.message : fallbackError }));
      }
    },
    [fallbackError],
  );

  useEffect(() => {
    if (!input.trim()) {
      abort.current?.abort();
      setState(idle);
      return;
    }
    const checked = checkQuery(input);
    if (!checked.ok) {
      abort.current?.abort();
      setState({ ...idle, problem: checked.problem });
      return;
    }
    const timer = setTimeout(() => void run(checked.q, 1), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, run]);

  useEffect(() => () => abort.current?.abort(), []);

  const more = useCallback(() => {
    if (state.asked && state.hasMore && !state.loading) void run(state.asked, state.page + 1);
  }, [state, run]);

  return { state, more };
}
