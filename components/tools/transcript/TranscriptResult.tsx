"use client";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/client/toasts";
import type { ToolTranscriptView } from "@/lib/tools/transcript/transcript.client";
import { formatClock } from "@/lib/format/time";
import { downloadName, transcriptSrt, transcriptText } from "@/lib/tools/transcript/format";
import styles from "./transcript.module.css";

function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A finished transcript: where it came from, the lines with times, copy, downloads and "Open in the app". */
export function TranscriptResult({ transcript, onOpenInApp, opening }: { transcript: ToolTranscriptView; onOpenInApp: () => void; opening: boolean }) {
  const t = useTranslations("tools.transcript");
  const segments = transcript.segments ?? [];

  async function copy() {
    try {
      await navigator.clipboard.writeText(transcriptText(segments));
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <section className={`card ${styles.result}`} data-testid="transcript-result">
      <div className={styles.resultHead}>
        <div>
          <h2 className={styles.resultTitle} data-testid="transcript-title">
            {transcript.title ?? transcript.url}
          </h2>
          <p className={styles.muted} data-testid="transcript-source">
            {transcript.source === "captions" ? t("sourceCaptions") : t("sourceSpeech")} · {t("lines", { count: segments.length })}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => void copy()} data-testid="transcript-copy">
            {t("copy")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => saveFile(downloadName(transcript.title, "txt"), transcriptText(segments), "text/plain;charset=utf-8")} data-testid="transcript-download-txt">
            {t("downloadTxt")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => saveFile(downloadName(transcript.title, "srt"), transcriptSrt(segments), "application/x-subrip;charset=utf-8")} data-testid="transcript-download-srt">
            {t("downloadSrt")}
          </button>
          <button type="button" className="btn btn-primary" onClick={onOpenInApp} disabled={opening} data-testid="transcript-open-app">
            {opening ? t("opening") : t("openInApp")}
          </button>
        </div>
      </div>
      <ol className={styles.lines} data-testid="transcript-lines">
        {segments.map((s, i) => (
          <li key={i} className={styles.line}>
            <time className={styles.time}>{formatClock(s.begin)}</time>
            <span>{s.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
