"use client";
// One short line above the transcript saying which speech engine made it (as the summary says
// "Local analyzer"). The built-in offline engine is English-only and weak: its line says so, and on a
// desktop opens for one more sentence (a speech service can be connected); on a phone it stays one
// small line. How an operator connects one is in README.md and docs/speech-languages.md, not here.
// Documents and pasted text have no speech engine and no line.
import { useTranslations } from "next-intl";
import styles from "./transcript.module.css";

export function SpeechEngineNote({ engine, profile }: { engine: string | null; profile?: string | null }) {
  const t = useTranslations("app.transcript.engine");
  const tp = useTranslations("upload.profile");
  // The decoding profile matters only for the embedded engine; "fast" is said, the default is not.
  const fast = engine === "pocketsphinx" && profile === "fast";
  const data = { "data-testid": "speech-engine-note", "data-engine": engine ?? "", "data-profile": fast ? "fast" : "accurate" };
  if (engine === "openai") {
    return (
      <p className={styles.engineNote} title={t("hint")} {...data}>
        {t("openai")}
      </p>
    );
  }
  if (engine !== "pocketsphinx") return null;
  return (
    <details className={`${styles.engineNote} ${styles.engineNoteWeak}`} title={t("hint")} {...data}>
      <summary className={styles.engineNoteLine}>
        {t("pocketsphinx")}
        {fast ? ` · ${tp("fastUsed")}` : null}
      </summary>
      <p className={styles.engineNoteMore} data-testid="speech-engine-note-more">
        {t("pocketsphinxMore")}
      </p>
    </details>
  );
}
