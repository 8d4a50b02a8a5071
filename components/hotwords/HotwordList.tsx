"use client";
// The user's hotwords with a search filter; each can be switched on or off
// (only enabled ones reach the speech engine) or deleted.
import { useId, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { IconTrash } from "@/components/ui/icons";
import { Switch } from "@/components/ui/Switch";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { Hotword } from "@/lib/hotwords/hotwords.client";
import { toast } from "@/lib/client/toasts";
import styles from "./hotwords.module.css";

export interface HotwordListProps {
  items: Hotword[];
  onSetEnabled: (id: string, enabled: boolean) => Promise<void>;
  /** Asks before deleting (the confirmation lives with the dialog). */
  onDeleteRequest: (hotword: Hotword) => void;
}

const normalise = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, " ").trim();

export function HotwordList({ items, onSetEnabled, onDeleteRequest }: HotwordListProps) {
  const t = useTranslations("hotwords.list");
  const searchId = useId();
  const [query, setQuery] = useState("");
  // Ids with a change on the way: their switch waits, so clicks cannot race.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const shown = useMemo(() => {
    const q = normalise(query);
    return q ? items.filter((h) => normalise(h.text).includes(q)) : items;
  }, [items, query]);

  const toggle = async (hotword: Hotword, enabled: boolean) => {
    setPending((cur) => new Set(cur).add(hotword.id));
    try {
      await onSetEnabled(hotword.id, enabled);
    } catch (e) {
      toast.error(errorMessage(e, t("toggleFailed")));
    } finally {
      setPending((cur) => {
        const next = new Set(cur);
        next.delete(hotword.id);
        return next;
      });
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${searchId}-title`}>
      <span id={`${searchId}-title`} className={ui.label}>
        {t("label")}
      </span>
      {items.length > 0 ? (
        <input
          type="search"
          className={ui.field}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("search")}
          aria-label={t("search")}
          data-testid="hotword-search"
        />
      ) : null}
      {items.length === 0 ? (
        <div className={styles.empty} data-testid="hotword-empty">
          {t("empty")}
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.empty} data-testid="hotword-no-match">
          {t("noMatch", { query: query.trim() })}
        </div>
      ) : (
        <ul className={styles.list} data-testid="hotword-list">
          {shown.map((h) => (
            <li key={h.id} className={styles.item} data-testid="hotword-item" data-text={h.text} data-enabled={h.enabled}>
              <span className={styles.lang} title={t(`language.${h.language}`)}>
                {h.language === "zh" ? "中" : "EN"}
              </span>
              <span className={styles.itemText}>{h.text}</span>
              <Switch checked={h.enabled} onChange={(enabled) => void toggle(h, enabled)} disabled={pending.has(h.id)} ariaLabel={t("enabled", { text: h.text })} testId="hotword-toggle" />
              <button type="button" className={ui.iconBtn} onClick={() => onDeleteRequest(h)} aria-label={t("delete", { text: h.text })} title={t("delete", { text: h.text })} data-testid="hotword-delete">
                <IconTrash size={15} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
