"use client";
// "Ask your library": a question over all recordings, one folder, or those shared with me. The
// answer streams in; its citations [n] open the recording at that moment (as search hits do).
// Each scope keeps its own history, whose questions can be deleted one by one or all at once.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import { openTaskAt } from "@/lib/search/search.client";
import { Modal } from "@/components/ui/Modal";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { foldersApi } from "@/lib/folders/folders.client";
import { toast } from "@/lib/client/toasts";
import { formatClock } from "@/lib/format/time";
import { libraryAskApi, type LibraryCitation, type LibraryHistoryItem, type ScopeKind } from "@/lib/library-ask/library-ask.client";
import styles from "./library-ask.module.css";

interface Turn {
  id: string | null;
  question: string;
  answer: string;
  citations: LibraryCitation[];
  pending?: boolean;
}

const fromHistory = (h: LibraryHistoryItem): Turn => ({ id: h.id, question: h.question, answer: h.answer, citations: h.citations });

export function LibraryAskDialog({ initialQuestion = "", onClose }: { initialQuestion?: string; onClose: () => void }) {
  const t = useTranslations("search.library");
  const [scope, setScope] = useState<ScopeKind>("all");
  const [folderId, setFolderId] = useState<string>("");
  const [folders, setFolders] = useState<{ id: string; name: string }[]>([]);
  const [question, setQuestion] = useState(initialQuestion);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const ready = scope !== "folder" || Boolean(folderId);

  useEffect(() => {
    foldersApi.list().then((r) => setFolders(r.items.map((f) => ({ id: f.id, name: f.name }))), () => setFolders([]));
    return () => abort.current?.abort();
  }, []);

  const historyLoad = useRef(0);
  const loadHistory = useCallback(async () => {
    const load = ++historyLoad.current;
    setTurns([]);
    if (!ready) return;
    try {
      const kept = (await libraryAskApi.history(scope, folderId || undefined)).items.map(fromHistory);
      if (load !== historyLoad.current) return; // another scope was chosen meanwhile
      // A question asked while the history loaded stays after it, its answer perhaps still streaming (replacing the
      // list lost it on a slow network: the phone e2e saw the answer vanish).
      setTurns((asked) => [...kept, ...asked.filter((x) => x.id === null || !kept.some((k) => k.id === x.id))]);
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
    }
  }, [scope, folderId, ready, t]);

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const ask = async () => {
    const q = question.trim();
    if (!q || !ready || busy) return;
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    setTurns((list) => [...list, { id: null, question: q, answer: "", citations: [], pending: true }]);
    const update = (patch: Partial<Turn>) => setTurns((list) => list.map((x, i) => (i === list.length - 1 ? { ...x, ...patch } : x)));
    try {
      await libraryAskApi.ask(q, scope, folderId || undefined, {
        signal: controller.signal,
        onText: (full) => update({ answer: full }),
        onEvent: (e) => {
          if (e.type === "done") update({ id: String(e.data.id ?? ""), citations: (e.data.citations as LibraryCitation[]) ?? [], pending: false });
        },
      });
      setQuestion("");
    } catch (e) {
      setTurns((list) => list.slice(0, -1));
      if ((e as Error).name !== "AbortError") toast.error(errorMessage(e, t("failed")));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await libraryAskApi.remove(id);
      setTurns((list) => list.filter((x) => x.id !== id));
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
    }
  };

  const clear = async () => {
    try {
      await libraryAskApi.clear(scope, folderId || undefined);
      setTurns([]);
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
    }
  };

  return (
    <Modal title={t("title")} onClose={onClose} wide testId="library-ask-dialog">
      <div className={styles.scopes} role="radiogroup" aria-label={t("scopeLabel")}>
        {(["all", "folder", "shared"] as const).map((s) => (
          <label key={s} className={styles.scope}>
            <input type="radio" name="library-scope" checked={scope === s} onChange={() => setScope(s)} data-testid={`library-scope-${s}`} />
            {t(`scope.${s}`)}
          </label>
        ))}
        {scope === "folder" ? (
          <select className={ui.field} value={folderId} onChange={(e) => setFolderId(e.target.value)} aria-label={t("folderLabel")} data-testid="library-folder">
            <option value="">{t("folderLabel")}</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>

      <div className={styles.turns} data-testid="library-turns">
        {turns.length === 0 ? <p className={styles.empty}>{t("noHistory")}</p> : null}
        {turns.map((turn, k) => (
          <article key={turn.id ?? `pending-${k}`} className={styles.turn} data-testid="library-turn">
            <div className={styles.questionRow}>
              <strong className={styles.question}>{turn.question}</strong>
              {turn.id ? (
                <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => void remove(turn.id!)} data-testid="library-turn-delete">
                  {t("delete")}
                </button>
              ) : null}
            </div>
            <MarkdownView markdown={turn.answer || (turn.pending ? "…" : "")} testId="library-answer" />
            {turn.citations.length ? (
              <ol className={styles.citations} aria-label={t("citations")}>
                {turn.citations.map((c) => (
                  <li key={c.n}>
                    <button type="button" className={styles.citation} onClick={() => openTaskAt(c.taskId, c.begin)} data-testid="library-citation" data-task-id={c.taskId} data-begin={c.begin}>
                      <span className={styles.citationNumber}>[{c.n}]</span> {c.title} · {formatClock(c.begin)}
                    </button>
                  </li>
                ))}
              </ol>
            ) : null}
          </article>
        ))}
      </div>

      <form
        className={styles.askRow}
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <input className={ui.field} value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={t("placeholder")} aria-label={t("placeholder")} maxLength={1000} data-autofocus data-testid="library-question" />
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy || !question.trim() || !ready} data-testid="library-ask-submit">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("ask")}
        </button>
      </form>
      {turns.some((x) => x.id) ? (
        <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => void clear()} data-testid="library-clear">
          {t("clear")}
        </button>
      ) : null}
    </Modal>
  );
}
