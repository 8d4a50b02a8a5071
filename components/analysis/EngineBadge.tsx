"use client";
// Which engine wrote a result: the offline local analyzer, or the AI provider's model.
import { useTranslations } from "next-intl";
import styles from "./analysis.module.css";

export function EngineBadge({ engine }: { engine: string | null }) {
  const t = useTranslations("analysis.engine");
  if (!engine) return null;
  const label = engine === "local" ? t("local") : engine.startsWith("openai:") ? t("provider", { model: engine.slice("openai:".length) }) : engine;
  return (
    <span className={styles.engine} title={t("hint")} data-testid="engine-badge" data-engine={engine}>
      {label}
    </span>
  );
}
