"use client";
// Follow toggle, copy full text, and the TXT and SRT downloads (built by the server's export
// route, like every other format of the export menu: components/exports).
import { useTranslations } from "next-intl";
import type { Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { displaySpeakerName } from "@/lib/tasks/speaker-names";
import { buildPlainText } from "@/lib/tasks/transcript-groups";
import { useExportDownload } from "@/components/exports/useExportDownload";
import { IconCopy, IconDownload, IconFollow, IconUsers } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import styles from "./transcript.module.css";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function TranscriptToolbar({ task, follow, onFollowChange, onShowSpeakers }: { task: Task; follow: boolean; onFollowChange: (v: boolean) => void; onShowSpeakers?: () => void }) {
  const t = useTranslations("app.transcript");
  const tt = useTranslations("tasks");
  const unknown = t("unknownSpeaker");
  const speakers = task.speakers.map((s, i) => ({ id: s.id, name: displaySpeakerName(s.name, i + 1, (n) => tt("speakerDefault", { n })) }));
  const empty = task.timeline.length === 0;
  const exporter = useExportDownload(task.id, task.title);

  const copy = async () => {
    const text = task.timeline.length ? buildPlainText(task.timeline, speakers, unknown) : task.fullText;
    if (await copyText(text)) toast.success(t("copied"));
    else toast.error(t("copyFailed"));
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t("toolbar")}>
      <button type="button" className={`${ui.btn} ${ui.small} ${follow ? styles.toggleOn : ""}`} aria-pressed={follow} onClick={() => onFollowChange(!follow)} data-testid="transcript-follow" title={t("followHint")}>
        <IconFollow size={14} />
        {follow ? t("following") : t("follow")}
      </button>
      <span className={styles.toolbarSpacer} />
      {onShowSpeakers ? (
        <button type="button" className={`${ui.btn} ${ui.small} ${styles.speakersToggle}`} onClick={onShowSpeakers} data-testid="transcript-speakers-toggle">
          <IconUsers size={14} />
          {t("speakers")}
        </button>
      ) : null}
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={copy} disabled={empty && !task.fullText} data-testid="transcript-copy">
        <IconCopy size={14} />
        {t("copy")}
      </button>
      <button
        type="button"
        className={`${ui.btn} ${ui.small}`}
        disabled={empty || Boolean(exporter.busy)}
        onClick={() => void exporter.download("txt")}
        data-testid="transcript-download-txt"
      >
        <IconDownload size={14} />
        {t("downloadTxt")}
      </button>
      <button
        type="button"
        className={`${ui.btn} ${ui.small}`}
        disabled={empty || Boolean(exporter.busy)}
        onClick={() => void exporter.download("srt")}
        data-testid="transcript-download-srt"
      >
        <IconDownload size={14} />
        {t("downloadSrt")}
      </button>
    </div>
  );
}
