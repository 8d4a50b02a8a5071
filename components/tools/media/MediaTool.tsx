"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { api, isApiError } from "@/lib/client/api";
import { toast } from "@/lib/client/toasts";
import {
  AUDIO_EXTENSIONS,
  estimateOutputBytes,
  EXTRACT_BITRATE_DEFAULT,
  EXTRACT_BITRATES,
  MEDIA_TOOLS_MAX_BYTES,
  OUTPUT_FORMATS,
  QUALITY_DEFAULT,
  QUALITY_MAX,
  QUALITY_MIN,
  VIDEO_EXTENSIONS,
  type MediaTool as Tool,
  type OutputFormat,
  type ProcessedFileView,
  type StartOptions,
} from "@/lib/tools/media/rules";
import { formatBytes } from "@/lib/format/bytes";
import { formatDuration } from "@/lib/format/time";
import { FastestNotice } from "./FastestNotice";
import { ProcessedFiles } from "./ProcessedFiles";
import { FILES_PATH, useMediaFiles } from "./useMediaFiles";
import styles from "./media.module.css";

/** One media tool: pick → upload (checked by content) → options with the estimated size → start → progress → result. */
export function MediaTool({ tool }: { tool: Tool }) {
  const t = useTranslations("mediatools");
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<ProcessedFileView | null>(null);
  const [mode, setMode] = useState<StartOptions["mode"]>(tool === "extract" ? "fastest" : "encode");
  const [format, setFormat] = useState<OutputFormat>("mp3");
  const [quality, setQuality] = useState<number>(tool === "extract" ? EXTRACT_BITRATE_DEFAULT : QUALITY_DEFAULT);
  const [starting, setStarting] = useState(false);
  const { items, reload } = useMediaFiles();
  const current = uploaded ? (items?.find((f) => f.id === uploaded.id) ?? uploaded) : null;
  const announced = useRef<Set<string>>(new Set());

  // "processing completed" (or failed) once per file, when the poll sees it finish.
  const status = current?.status;
  const currentId = current?.id;
  useEffect(() => {
    if (!currentId || announced.current.has(currentId) || (status !== "completed" && status !== "failed")) return;
    announced.current.add(currentId);
    if (status === "completed") toast.success(t("success.completed"));
    else toast.error(t("error.processingFailed"));
  }, [status, currentId, t]);

  const choose = (file: File | null) => {
    setUploaded(null);
    if (file && file.size > MEDIA_TOOLS_MAX_BYTES) {
      toast.error(t("error.tooLarge"));
      setPicked(null);
      return;
    }
    setPicked(file);
  };

  const upload = async () => {
    if (!picked) {
      toast.error(t("error.selectFirst"));
      return;
    }
    const form = new FormData();
    form.append("tool", tool);
    form.append("file", picked, picked.name);
    setUploading(0);
    try {
      const res = await api.upload<{ file: ProcessedFileView }>(FILES_PATH, form, { onProgress: (f) => setUploading(Math.round(f * 100)), updateOverlay: false });
      setUploaded(res.file);
      toast.success(t("success.uploaded"));
      await reload();
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : t("error.uploadFailed"));
    } finally {
      setUploading(null);
    }
  };

  const start = async (options: StartOptions = { mode, format, quality }) => {
    if (!uploaded) return;
    setStarting(true);
    try {
      await api.post(`${FILES_PATH}/${uploaded.id}/start`, options, { updateOverlay: false });
      await reload();
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : t("error.processingFailed"));
    } finally {
      setStarting(false);
    }
  };

  // The fastest-mode notice's one click: MP3 at the default quality, started at once.
  const startMp3 = () => {
    const options: StartOptions = { mode: "encode", format: "mp3", quality: EXTRACT_BITRATE_DEFAULT };
    setMode(options.mode);
    setFormat(options.format);
    setQuality(options.quality);
    void start(options);
  };

  const estimate = uploaded
    ? estimateOutputBytes({ tool, durationSec: uploaded.duration, sourceKbps: uploaded.sourceKbps, audioCodec: uploaded.audioCodec, originalSize: uploaded.originalSize }, { mode, format, quality })
    : null;
  const exts = tool === "extract" ? VIDEO_EXTENSIONS : AUDIO_EXTENSIONS;
  const waiting = current?.status === "queued" || current?.status === "processing";

  return (
    <div className={styles.stack}>
      <section className={`card ${styles.tool}`} data-testid={`media-tool-${tool}`}>
        <label className={styles.drop}>
          <input ref={input} type="file" accept={[...exts, tool === "extract" ? "video/*" : "audio/*"].join(",")} onChange={(e) => choose(e.target.files?.[0] ?? null)} data-testid="media-file-input" className="visually-hidden" />
          <span className={styles.dropTitle}>{t(tool === "extract" ? "pick.video" : "pick.audio")}</span>
          <span className={styles.muted}>{t(tool === "extract" ? "pick.videoHint" : "pick.audioHint")}</span>
          {picked && <span data-testid="media-picked">{t("pick.selected", { name: picked.name, size: formatBytes(picked.size) })}</span>}
        </label>
        {!uploaded && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => void upload()} disabled={uploading !== null} data-testid="media-upload">
            {uploading === null ? t("pick.upload") : t("pick.uploading", { percent: uploading })}
          </button>
        )}
        {uploaded && (
          <div className={styles.options} data-testid="media-options">
            <p className={styles.muted}>
              {uploaded.originalFormat.toUpperCase()} · {formatDuration(uploaded.duration)} · {formatBytes(uploaded.originalSize)}
            </p>
            {tool === "extract" && (
              <fieldset className={styles.modes}>
                <legend className="field-label">{t("mode.label")}</legend>
                {(["fastest", "encode"] as const).map((m) => (
                  <label key={m} className={styles.radio}>
                    <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-testid={`media-mode-${m}`} />
                    {t(`mode.${m}`)}
                  </label>
                ))}
              </fieldset>
            )}
            {tool === "extract" && mode === "fastest" && current?.status === "uploaded" && (
              <FastestNotice audioCodec={uploaded.audioCodec} onUseMp3={startMp3} disabled={starting} />
            )}
            {mode === "encode" && (
              <div className={styles.grid}>
                <label className="field">
                  <span className="field-label">{t("options.format")}</span>
                  <select className="input" value={format} onChange={(e) => setFormat(e.target.value as OutputFormat)} data-testid="media-format">
                    {OUTPUT_FORMATS.map((f) => (
                      <option key={f} value={f}>{f.toUpperCase()}</option>
                    ))}
                  </select>
                </label>
                {tool === "extract" ? (
                  <label className="field">
                    <span className="field-label">{t("options.quality")}</span>
                    <select className="input" value={quality} onChange={(e) => setQuality(Number(e.target.value))} data-testid="media-quality">
                      {EXTRACT_BITRATES.map((k) => (
                        <option key={k} value={k}>{t(`options.kbps${k}`)}</option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <label className="field">
                    <span className="field-label">
                      {t("options.compression", { percent: quality })} {quality === QUALITY_DEFAULT && <em className={styles.badge}>{t("options.recommended")}</em>}
                    </span>
                    <input type="range" min={QUALITY_MIN} max={QUALITY_MAX} step={10} value={quality} onChange={(e) => setQuality(Number(e.target.value))} data-testid="media-quality" />
                  </label>
                )}
              </div>
            )}
            <p className={styles.estimate} data-testid="media-estimate">{t("options.estimate", { size: formatBytes(estimate) })}</p>
            {tool === "compress" && <p className={styles.muted}>{t("options.usually")}</p>}
            {waiting ? (
              <div className={styles.progress} role="progressbar" aria-valuenow={Math.round(current?.progress ?? 0)} data-testid="media-tool-progress">
                <span style={{ width: `${Math.max(2, current?.progress ?? 0)}%` }} />
              </div>
            ) : current?.status === "uploaded" ? (
              <button type="button" className="btn btn-primary btn-block" onClick={() => void start()} disabled={starting} data-testid="media-start">
                {t(tool === "extract" ? "options.startExtract" : "options.startCompress")}
              </button>
            ) : (
              <button type="button" className="btn btn-secondary btn-block" onClick={() => { setUploaded(null); setPicked(null); if (input.current) input.current.value = ""; }} data-testid="media-another">
                {t("options.another")}
              </button>
            )}
          </div>
        )}
      </section>
      <ProcessedFiles items={items} reload={reload} tool={tool} />
    </div>
  );
}
