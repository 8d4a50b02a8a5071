"use client";
// The chat of the Ask AI panel: the saved history, the answer being streamed,
// Stop, Retry and Clear. The server saves both sides of every exchange, so
// reopening the panel shows the same conversation.
import { useCallback, useEffect, useRef, useState } from "react";
import { askApi, type ChatMessage } from "@/lib/analysis/analysis.client";
import { errorMessage } from "@/lib/client/api-errors";
import { streamFailure, useAskStream } from "./useAskStream";

export interface ChatEntry {
  id: string;
  role: "user" | "assistant";
  /** Plain text for the user, markdown for the assistant. */
  content: string;
  streaming: boolean;
  /** The user stopped the answer (now or in an earlier visit). */
  stopped: boolean;
  /** Why the answer failed, shown under it with a Retry. */
  error: string | null;
  /** For an answer: the question it answers, which Retry asks again. */
  question: string | null;
}

export type HistoryState = "loading" | "ready" | "error";

export interface Chat {
  historyState: HistoryState;
  historyError: string | null;
  entries: ChatEntry[];
  streaming: boolean;
  reloadHistory: () => void;
  ask: (question: string) => void;
  stop: () => void;
  retry: (answerId: string) => void;
  clear: () => Promise<void>;
}

let localIds = 0;
const localId = () => `local-${++localIds}`;

function fromHistory(messages: ChatMessage[]): ChatEntry[] {
  let lastQuestion: string | null = null;
  return messages.map((m) => {
    if (m.role === "user") lastQuestion = m.content;
    return {
      id: m.id,
      role: m.role,
      content: m.content,
      streaming: false,
      stopped: m.data?.stopped === true,
      error: null,
      question: m.role === "assistant" ? lastQuestion : null,
    };
  });
}

export function useChat(taskId: string, messages: { loadFailed: string; answerFailed: string }): Chat {
  const [historyState, setHistoryState] = useState<HistoryState>("loading");
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [streaming, setStreaming] = useState(false);
  // Guards against a second question sent before the state above re-renders.
  const busy = useRef(false);
  const [loads, setLoads] = useState(0);
  const stream = useAskStream();
  const { loadFailed, answerFailed } = messages;

  useEffect(() => {
    let cancelled = false;
    setHistoryState("loading");
    askApi
      .history(taskId)
      .then((res) => {
        if (cancelled) return;
        setEntries(fromHistory(res.messages));
        setHistoryState("ready");
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setHistoryError(errorMessage(e, loadFailed));
        setHistoryState("error");
      });
    return () => {
      cancelled = true;
    };
  }, [taskId, loads, loadFailed]);

  const ask = useCallback(
    (raw: string) => {
      const question = raw.trim();
      if (!question || busy.current) return;
      busy.current = true;
      setStreaming(true);
      const answerId = localId();
      const patch = (change: Partial<ChatEntry>) => setEntries((cur) => cur.map((e) => (e.id === answerId ? { ...e, ...change } : e)));
      setEntries((cur) => [
        ...cur,
        { id: localId(), role: "user", content: question, streaming: false, stopped: false, error: null, question: null },
        { id: answerId, role: "assistant", content: "", streaming: true, stopped: false, error: null, question },
      ]);
      const signal = stream.begin();
      askApi
        .ask(taskId, question, { signal, onText: (full) => !signal.aborted && patch({ content: full }) })
        .then(() => patch({ streaming: false }))
        .catch((e: unknown) => {
          const failure = streamFailure(e, answerFailed);
          // Stop is not an error: the partial answer stays, marked as stopped.
          patch(failure.stopped ? { streaming: false, stopped: true } : { streaming: false, error: failure.message });
        })
        .finally(() => {
          busy.current = false;
          setStreaming(false);
        });
    },
    [taskId, stream, answerFailed],
  );

  const retry = useCallback(
    (answerId: string) => {
      const failed = entries.find((e) => e.id === answerId);
      if (!failed?.question || busy.current) return;
      // Drop the failed answer and the question before it; asking again adds both back.
      setEntries((cur) => {
        const at = cur.findIndex((e) => e.id === answerId);
        const from = at > 0 && cur[at - 1]!.role === "user" ? at - 1 : at;
        return [...cur.slice(0, from), ...cur.slice(at + 1)];
      });
      ask(failed.question);
    },
    [entries, ask],
  );

  const clear = useCallback(async () => {
    await askApi.clearHistory(taskId);
    stream.abort();
    setEntries([]);
  }, [taskId, stream]);

  return {
    historyState,
    historyError,
    entries,
    streaming,
    reloadHistory: () => setLoads((n) => n + 1),
    ask,
    stop: stream.abort,
    retry,
    clear,
  };
}
