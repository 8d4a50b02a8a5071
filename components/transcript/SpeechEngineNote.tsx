"use client";
// One line above the transcript saying which speech engine made it (as the summary says
// "Local analyzer"): the embedded offline engine is English-only and weak, and the operator
// can plug in a speech API; documents and pasted text have no speech engine and no line.
import { useTranslations } from "next-intl";
import styles from "./transcript.module.css";

export function SpeechEngineNote({ engine, profile }: { engine: string | null; profile?: string | null }) {
  const t = useTranslations("app.transcript.engine");
  const tp = useTranslations("upload.profile");
  // The decoding profile matters only for the embedded engine; "fast" is said, the default is not.
  const fast = engine === "pocketsphinx" && profile === "fast";
  if (engine !== "pocketsphinx" && engine !== "openai") return null;
  return (
    <p className={`${styles.engineNote} ${engine === "pocketsphinx" ? styles.engineNoteWeak : ""}`} title={t("hint")} data-testid="speech-engine-note" data-engine={engine} data-profile={fast ? "fast" : "accurate"}>
      {t(engine)}
      {fast ? ` · ${tp("fastUsed")}` : null}
    </p>
  );
}
