"use client";
// The search box of the app header (issue 10 "Find"): titles, transcripts and
// summaries of the caller's own and shared tasks. A transcript hit opens its task
// at that moment of the recording (?task=<id>&t=<ms>, see useSeekFromAddress).
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { openTaskAt, type SearchHit } from "@/lib/search/search.client";
import { formatClock } from "@/lib/format/time";
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from "@/lib/search/search.schema";
import { Highlighted } from "./Highlighted";
import { useSearch } from "./useSearch";
import styles from "./search.module.css";

// The same page the box is on (the desktop home or the phone page) opens the task.
const openHit = (hit: SearchHit) => openTaskAt(hit.taskId, hit.beginMs);

const LibraryAskDialog = dynamic(() => import("@/components/library-ask/LibraryAskDialog").then((m) => m.LibraryAskDialog), { ssr: false });

/** `row`: a full-width row of its own (the phone page) instead of a box in the header. */
export function SearchBox({ row = false }: { row?: boolean }) {
  const t = useTranslations("search");
  const terr = useTranslations("errors");
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const { state, more } = useSearch(input, t("failed"));
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const problemKey = { empty: "queryEmpty", tooShort: "queryTooShort", tooLong: "queryTooLong" } as const;
  // The catalogue's own words, as the server would answer (only shown once something is typed).
  const problem = state.problem ? terr(`search.${problemKey[state.problem]}`, { min: SEARCH_MIN_CHARS, max: SEARCH_MAX_CHARS }) : null;
  const showPanel = open && input.trim() !== "";

  return (
    <div ref={rootRef} className={`${styles.root} ${row ? styles.row : ""}`} data-testid="search-box">
      <form role="search" onSubmit={(e) => e.preventDefault()} className={styles.form}>
        <input
          type="search"
          className={styles.input}
          value={input}
          placeholder={t("placeholder")}
          aria-label={t("label")}
          aria-controls={panelId}
          maxLength={SEARCH_MAX_CHARS * 2}
          onChange={(e) => {
            setInput(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
          data-testid="search-input"
        />
        <button
          type="button"
          className={styles.askButton}
          onClick={() => {
            setOpen(false);
            setAsking(input.trim());
          }}
          title={t("library.open")}
          data-testid="library-ask-open"
        >
          {t("library.short")}
        </button>
      </form>
      {asking !== null ? <LibraryAskDialog initialQuestion={asking} onClose={() => setAsking(null)} /> : null}
      {showPanel ? (
        <div id={panelId} className={styles.panel} data-testid="search-results" aria-busy={state.loading}>
          {problem ? (
            <p className={styles.note} data-testid="search-problem">
              {problem}
            </p>
          ) : null}
          {state.error ? (
            <p className={`${styles.note} ${styles.error}`} role="alert" data-testid="search-error">
              {state.error}
            </p>
          ) : null}
          {!problem && state.loading && state.items.length === 0 ? <p className={styles.note}>{t("loading")}</p> : null}
          {!problem && !state.loading && !state.error && state.asked !== null && state.items.length === 0 ? (
            <p className={styles.note} data-testid="search-empty">
              {t("noResults", { q: state.asked })}
            </p>
          ) : null}
          {state.items.length > 0 && !problem ? (
            <ul className={styles.list}>
              {state.items.map((hit, i) => (
                <li key={`${hit.taskId}-${hit.field}-${hit.beginMs ?? i}-${i}`}>
                  <button
                    type="button"
                    className={styles.hit}
                    onClick={() => {
                      setOpen(false);
                      openHit(hit);
                    }}
                    data-testid="search-hit"
                    data-field={hit.field}
                    data-task-id={hit.taskId}
                    data-begin-ms={hit.beginMs ?? ""}
                  >
                    <span className={styles.hitHead}>
                      <span className={styles.hitTitle} data-testid={hit.field === "title" ? "search-snippet" : undefined}>
                        {hit.field === "title" ? <Highlighted snippet={hit.snippet} /> : hit.title}
                      </span>
                      <span className={styles.badge}>{t(`field.${hit.field}`)}</span>
                      {hit.shared ? <span className={styles.badge}>{t("shared")}</span> : null}
                      {hit.beginMs !== undefined ? <span className={styles.time}>{formatClock(hit.beginMs)}</span> : null}
                    </span>
                    {hit.field !== "title" ? (
                      <span className={styles.snippet} data-testid="search-snippet">
                        <Highlighted snippet={hit.snippet} />
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {input.trim().length >= 2 ? (
            <button
              type="button"
              className={styles.more}
              onClick={() => {
                setOpen(false);
                setAsking(input.trim());
              }}
              data-testid="library-ask-from-search"
            >
              {t("library.askAbout", { q: input.trim() })}
            </button>
          ) : null}
          {state.hasMore && !problem ? (
            <button type="button" className={styles.more} onClick={more} disabled={state.loading} data-testid="search-more">
              {state.loading ? t("loading") : t("more")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
