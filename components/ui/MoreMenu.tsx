"use client";
// "More" in a task's header: the less frequent actions (collaborators, move to a
// folder, delete) in one menu, so the title keeps its room. Items keep the
// data-testids the buttons had; open the menu (data-testid="task-more") first.
// Also a transcript line's speaker menu, with its own trigger icon and a checked item.
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import ui from "./ui.module.css";
import styles from "./more-menu.module.css";

export interface MoreMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A longer hint (e.g. the task's current folder). */
  title?: string;
  danger?: boolean;
  /** The current choice: shown ticked, and not selectable again. */
  checked?: boolean;
  testId: string;
  onSelect: () => void;
}

const IconMore = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

export function MoreMenu({ items, label, testId = "task-more", trigger, triggerClassName }: { items: MoreMenuItem[]; label: string; testId?: string; trigger?: ReactNode; triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>("[role^=menuitem]:not(:disabled)")?.focus();
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      box.current?.querySelector<HTMLButtonElement>("[aria-haspopup]")?.focus();
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // Up and down walk the items, round the ends.
  const onListKey = (e: ReactKeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role^=menuitem]:not(:disabled)") ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (i + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length;
    buttons[next]?.focus();
  };

  if (items.length === 0) return null;
  return (
    <div className={styles.box} ref={box}>
      <button type="button" className={triggerClassName ?? `${ui.btn} ${ui.small}`} aria-haspopup="menu" aria-expanded={open} aria-label={label} title={label} onClick={() => setOpen((v) => !v)} data-testid={testId}>
        {trigger ?? <IconMore />}
      </button>
      {open ? (
        <div className={styles.menu} role="menu" aria-label={label} ref={list} onKeyDown={onListKey} data-testid={`${testId}-list`}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              disabled={item.checked}
              className={`${styles.item} ${item.danger ? styles.danger : ""}`}
              title={item.title}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
              data-testid={item.testId}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
