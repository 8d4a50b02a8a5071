"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth";
import { toast } from "@/lib/client/toasts";
import type { ProcessedFileView } from "@/lib/tools/media/rules";
import { downloadFile, takePending, transcribeFile } from "./actions";
import { formatBytes } from "@/lib/format/bytes";
import { formatDuration } from "@/lib/format/time";
import { ageOf, countdown } from "./format";
import { FILES_PATH, useNow } from "./useMediaFiles";
import styles from "./media.module.css";

interface Props {
  items: ProcessedFileView[] | null;
  reload: () => Promise<unknown>;
  /** Only this tool's files (the tool pages); all on /tools/media. */
  tool?: "extract" | "compress";
}

/** The processed-files list and history: sizes, format, duration, quality, age, countdown, download, delete, clear all. */
export function ProcessedFiles({ items, reload, tool }: Props) {
  const t = useTranslations("mediatools");
  const now = useNow();
  const router = useRouter();
  const { status } = useAuth();
  const [tasks, setTasks] = useState<Record<string, string>>({});
  const shown = (items ?? []).filter((f) => !tool || f.tool === tool);

  // Back from login with a "transcribe this" waiting: continue it.
  useEffect(() => {
    if (status !== "authenticated") return;
    const pending = takePending();
    if (!pending) return;
    void (async () => {
      await reload().catch(() => undefined);
      const taskId = await transcribeFile(pending.id, true, t, router.push);
      if (taskId) setTasks((m) => ({ ...m, [pending.id]: taskId }));
    })();
  }, [status, reload, router, t]);

  const remove = async (id: string) => {
    await api.del(`${FILES_PATH}/${id}`).catch(() => undefined);
    await reload();
  };
  const clearAll = async () => {
    if (!window.confirm(t("list.confirmClear"))) return;
    await api.del(FILES_PATH).catch(() => undefined);
    await reload();
  };
  const transcribe = async (id: string) => {
    const taskId = await transcribeFile(id, status === "authenticated", t, router.push);
    if (taskId) setTasks((m) => ({ ...m, [id]: taskId }));
  };
  const quality = (f: ProcessedFileView) => (f.mode === "fastest" ? t("mode.original") : f.qualityLevel === null ? "—" : f.tool === "compress" ? `${f.qualityLevel}%` : `${f.qualityLevel} kbps`);

  return (
    <section className={`card ${styles.list}`} data-testid="media-files">
      <div className={styles.listHead}>
        <h2 className={styles.h2}>{t("list.title")}</h2>
        {shown.length > 0 && (
          <button type="button" className="btn btn-ghost" onClick={() => void clearAll()} data-testid="media-clear-all">
            {t("list.clearAll")}
          </button>
        )}
      </div>
      {items === null ? null : shown.length === 0 ? (
        <p className={styles.muted} data-testid="media-files-empty">{t("list.empty")}</p>
      ) : (
        <ul className={styles.rows}>
          {shown.map((f) => {
            const age = ageOf(f.createdAt, now);
            const left = countdown(f.downloadExpiresAt, now);
            const expired = f.status === "expired" || !left;
            return (
              <li key={f.id} className={styles.row} data-testid="media-file" data-status={expired ? "expired" : f.status}>
                <div className={styles.rowMain}>
                  <strong className={styles.name} title={f.originalName}>{f.originalName}</strong>
                  <dl className={styles.facts}>
                    <div><dt>{t("list.original")}</dt><dd data-testid="media-original-size">{formatBytes(f.originalSize)}</dd></div>
                    <div><dt>{t("list.processed")}</dt><dd data-testid="media-processed-size">{formatBytes(f.processedSize)}</dd></div>
                    <div><dt>{t("list.format")}</dt><dd>{(f.audioFormat ?? f.originalFormat).toUpperCase()}</dd></div>
                    <div><dt>{t("list.duration")}</dt><dd>{formatDuration(f.duration)}</dd></div>
                    <div><dt>{t("list.quality")}</dt><dd>{quality(f)}</dd></div>
                    <div><dt>{t("list.created")}</dt><dd data-testid="media-created">{t(`time.${age.key}`, { count: age.count })}</dd></div>
                  </dl>
                  {f.status === "processing" || f.status === "queued" ? (
                    <div className={styles.progress} role="progressbar" aria-valuenow={Math.round(f.progress ?? 0)} aria-valuemin={0} aria-valuemax={100} data-testid="media-progress">
                      <span style={{ width: `${Math.max(2, f.progress ?? 0)}%` }} />
                    </div>
                  ) : null}
                  {f.status === "failed" && <p className="alert alert-error">{t("error.processingFailed")}</p>}
                  {(f.status === "completed" || (f.status === "expired" && f.processedSize !== null)) && (
                    <p className={expired ? styles.expired : styles.muted} data-testid="media-countdown">
                      {expired ? t("list.expired") : t("list.expiresIn", { time: left })}
                    </p>
                  )}
                </div>
                <div className={styles.rowActions}>
                  {f.status === "completed" && !expired && (
                    <>
                      <button type="button" className="btn btn-primary" onClick={() => void downloadFile(f.id, t)} data-testid="media-download">
                        {t("list.download")}
                      </button>
                      {tasks[f.id] ? (
                        <Link className="btn btn-secondary" href={`/transcribe/?task=${tasks[f.id]}`} data-testid="media-open-task">
                          {t("list.openTask")}
                        </Link>
                      ) : (
                        <button type="button" className="btn btn-secondary" onClick={() => void transcribe(f.id)} data-testid="media-transcribe">
                          {t("list.transcribe")}
                        </button>
                      )}
                    </>
                  )}
                  <button type="button" className="btn btn-ghost" onClick={() => void remove(f.id).then(() => toast.info(t("list.deleted")))} data-testid="media-delete">
                    {t("list.delete")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {tool && (
        <Link href="/tools/media" className={styles.more} data-testid="media-history-link">
          {t("list.history")}
        </Link>
      )}
    </section>
  );
}
