"use client";
// The to-dos of the last analysis, each with its owner, due date and time; ticks are saved with
// the task at once and put back (with a message) when the server refuses. A collaborator sees them
// read-only (no onChange): the ticks are the owner's.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { outlineApi } from "@/lib/analysis/outline.client";
import type { Outline } from "@/lib/analysis/types";
import { errorMessage } from "@/lib/client/api-errors";
import { formatClock } from "@/lib/format/time";
import { toast } from "@/lib/client/toasts";
import styles from "./outline.module.css";

export function TodoList({ taskId, outline, onChange, onSeek }: { taskId: string; outline: Outline; onChange?: (outline: Outline) => void; onSeek?: (ms: number) => void }) {
  const t = useTranslations("analysis.outline");
  const [pending, setPending] = useState<string | null>(null);
  if (!outline.todos.length) return null;

  const tick = async (id: string, done: boolean) => {
    if (!onChange) return;
    const withTick = (value: boolean): Outline => ({ ...outline, todos: outline.todos.map((x) => (x.id === id ? { ...x, done: value } : x)) });
    setPending(id);
    onChange(withTick(done));
    try {
      await outlineApi.tick(taskId, id, done);
    } catch (e) {
      onChange(withTick(!done));
      toast.error(errorMessage(e, t("tickFailed")));
    } finally {
      setPending(null);
    }
  };

  return (
    <section className={styles.box} aria-label={t("todos")} data-testid="todo-list">
      <h3 className={styles.heading}>{t("todos")}</h3>
      <ul className={styles.todos}>
        {outline.todos.map((x) => (
          <li key={x.id} className={`${styles.todo} ${x.done ? styles.done : ""}`}>
            <label className={styles.todoLabel}>
              <input type="checkbox" checked={x.done} disabled={!onChange || pending === x.id} onChange={(e) => void tick(x.id, e.target.checked)} data-testid="todo-check" data-todo-id={x.id} />
              <span className={styles.todoText}>{x.text}</span>
            </label>
            <span className={styles.todoMeta}>
              {x.owner ? <span>{t("owner", { name: x.owner })}</span> : null}
              {x.due ? <span>{t("due", { date: x.due })}</span> : null}
              {x.begin !== null && onSeek ? (
                <button type="button" className={styles.timeLink} onClick={() => onSeek(x.begin!)}>
                  {formatClock(x.begin)}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
