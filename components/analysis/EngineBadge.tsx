"use client";
// Which engine wrote a result: the offline local analyzer, or the AI provider's model. The local
// analyzer's badge explains itself (what it is, what that means for the summary): on hover or
// keyboard focus where there is a pointer, on a tap on a phone; Escape or a tap elsewhere closes it.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import styles from "./analysis.module.css";

export function EngineBadge({ engine }: { engine: string | null }) {
  const t = useTranslations("analysis.engine");
  if (!engine) return null;
  if (engine === "local") return <LocalEngineBadge />;
  const label = engine.startsWith("openai:") ? t("provider", { model: engine.slice("openai:".length) }) : engine;
  return (
    <span className={styles.engine} title={t("hint")} data-testid="engine-badge" data-engine={engine}>
      {label}
    </span>
  );
}

function LocalEngineBadge() {
  const t = useTranslations("analysis.engine");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <span className={styles.engineBox} ref={box} data-open={open ? "" : undefined}>
      <button
        type="button"
        className={`${styles.engine} ${styles.engineButton}`}
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={id}
        onClick={() => setOpen((v) => !v)}
        data-testid="engine-badge"
        data-engine="local"
      >
        {t("local")}
        <span className={styles.engineInfo} aria-hidden="true">
          i
        </span>
      </button>
      <span id={id} role="tooltip" className={styles.enginePopover} data-testid="engine-explanation">
        <strong>{t("localTitle")}</strong>
        <span>{t("localWhat")}</span>
        <span>{t("localQuality")}</span>
      </span>
    </span>
  );
}
