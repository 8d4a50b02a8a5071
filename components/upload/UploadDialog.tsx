"use client";
// Upload dialog (screens and routes, validation rules): pick or drop audio/video, pre-check size, type
// and count with the catalogue messages, read each file's duration to check
// the plan quota, optionally merge selected files (in order) into one task,
// upload with progress and cancel. On a server error the files stay so the
// user can fix and retry.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { isAbortError } from "@/lib/client/api";
import { readMediaDuration, minutesOf } from "@/lib/media/media-duration.client";
import { tasksApi, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { formatDuration } from "@/lib/format/time";
import { shownMinutes } from "@/lib/format/minutes";
import {
  AUDIO_MAX_BYTES,
  LARGE_SHARE_OF_QUOTA,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_ACCEPT,
  VIDEO_MAX_BYTES,
  kindOf,
  screenFiles,
  type RuleProblem,
  type UploadMode,
} from "@/lib/tasks/upload-rules";
import { useOnline } from "@/components/pwa/useOnline";
import { Modal } from "@/components/ui/Modal";
import { Switch } from "@/components/ui/Switch";
import { IconAudio, IconUpload, IconVideo } from "@/components/ui/icons";
import { errorMessage } from "@/lib/client/api-errors";
import { openDialogForRefusal, refusalFor, upgradeFor } from "./planGate";
import { uploadLimitsFor } from "@/lib/billing/upload-limits";
import { useUsage } from "@/components/account/useUsage";
import ui from "@/components/ui/ui.module.css";
import { SpeakerCountSelect } from "@/components/transcript/SpeakerCountSelect";
import { DecodeProfileSelect } from "./DecodeProfileSelect";
import { DEFAULT_DECODE_PROFILE, type DecodeProfile } from "@/lib/speech/types";
import { IosHelpLink } from "@/components/devices/IosHelpLink";
import { DropZone } from "./DropZone";
import { UploadFileRow, type UploadItem } from "./UploadFileRow";
import { UploadComplianceNotice } from "@/components/verify/UploadComplianceNotice";
import { SpokenLanguageField } from "@/components/speech/SpokenLanguageField";
import { useSpokenLanguage } from "@/components/speech/useSpokenLanguage";
import styles from "./upload.module.css";

let nextId = 1;
const fileKey = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;
const mbOf = (bytes: number) => Math.round(bytes / 1024 / 1024);

export interface UploadDialogProps {
  open: boolean;
  mode: UploadMode;
  onClose: () => void;
  onUploaded: (tasks: TaskSummary[]) => void;
  /** Files the dialog opens with (shared into the app from another one: components/pwa/useSharedFiles.ts). */
  initialFiles?: File[];
}

export function UploadDialog({ open, mode, onClose, onUploaded, initialFiles }: UploadDialogProps) {
  const t = useTranslations("upload");
  const terr = useTranslations("errors");
  const format = useFormatter();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problems, setProblems] = useState<RuleProblem[]>([]);
  const [merge, setMerge] = useState(false);
  const [title, setTitle] = useState("");
  const [speakerCount, setSpeakerCount] = useState<number | null>(null);
  const [decodeProfile, setDecodeProfile] = useState<DecodeProfile>(DEFAULT_DECODE_PROFILE);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragRow, setDragRow] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Fetched each time the dialog opens (enabled turns true), once: a second, later answer could
  // overwrite what the user was shown.
  const { usage, reload: reloadUsage } = useUsage(0, open);
  const fileNames = useMemo(() => items.map((i) => i.file.name), [items]);
  const language = useSpokenLanguage(open, fileNames);

  // ---- adding files -------------------------------------------------------
  const addFiles = useCallback(
    (list: FileList | File[]) => {
      setServerError(null);
      setNotice(null);
      const existing = new Set(items.map((i) => fileKey(i.file)));
      const picked = Array.from(list).filter((f) => !existing.has(fileKey(f)));
      const { accepted, problems: found } = screenFiles(picked, items.length);
      setProblems(found);
      const added: UploadItem[] = accepted.map((i) => ({ id: `f${nextId++}`, file: picked[i]!, kind: kindOf(picked[i]!)!, duration: undefined, selected: true }));
      if (added.length === 0) return;
      setItems((cur) => [...cur, ...added]);
      for (const it of added) {
        void readMediaDuration(it.file, it.kind).then((d) => setItems((cur) => cur.map((c) => (c.id === it.id ? { ...c, duration: d } : c))));
      }
    },
    [items],
  );

  const taken = useRef<File[] | null>(null);
  useEffect(() => {
    if (!open || !initialFiles?.length || taken.current === initialFiles) return;
    taken.current = initialFiles;
    addFiles(initialFiles);
  }, [open, initialFiles, addFiles]);

  const remove = (id: string) => {
    setItems((cur) => cur.filter((c) => c.id !== id));
    setProblems([]);
    setServerError(null);
  };
  const move = (from: number, to: number) => {
    setItems((cur) => {
      if (to < 0 || to >= cur.length || from === to) return cur;
      const next = cur.slice();
      const [it] = next.splice(from, 1);
      next.splice(to, 0, it!);
      return next;
    });
  };
  const toggle = (id: string) => setItems((cur) => cur.map((c) => (c.id === id ? { ...c, selected: !c.selected } : c)));
  const clearAll = () => {
    setItems([]);
    setProblems([]);
    setServerError(null);
    setNotice(null);
    setTitle("");
    setSpeakerCount(null);
  };

  // ---- what would be uploaded, and the quota check ------------------------
  const toUpload = useMemo(() => (merge ? items.filter((i) => i.selected) : items), [items, merge]);
  const reading = toUpload.some((i) => i.duration === undefined);
  const unknownDuration = toUpload.some((i) => i.duration === null);
  const seconds = toUpload.reduce((s, i) => s + (i.duration ?? 0), 0);
  const minutes = toUpload.reduce((s, i) => s + (i.duration ? minutesOf(i.duration) : 0), 0);
  const total = usage?.totalMinutes ?? 0;
  const used = usage?.usedMinutes ?? 0;
  const overLimit = Boolean(usage) && toUpload.length > 0 && !reading && used + minutes > total + 1e-9;
  const share = total > 0 ? minutes / total : 0;
  const largeShare = Boolean(usage) && !overLimit && !reading && minutes > 0 && share >= LARGE_SHARE_OF_QUOTA;
  const mergeTooFew = merge && toUpload.length < 2;
  // What the plan allows, shown before files are chosen; an upload it refuses is not offered.
  const limits = usage ? uploadLimitsFor(usage.plan) : null;
  const refusal = refusalFor(usage, toUpload.map((i) => i.file), merge);
  const canUpload = !uploading && toUpload.length > 0 && !reading && !overLimit && !mergeTooFew && !language.blocked && !refusal;

  // ---- uploading ----------------------------------------------------------
  // Chosen offline: the files wait in the dialog, and go out once the network is back and the user says so.
  const online = useOnline();
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  const submit = async () => {
    if (!canUpload) return;
    if (!navigator.onLine) {
      setWaitingForNetwork(true);
      return;
    }
    setWaitingForNetwork(false);
    setUploading(true);
    setProgress(0);
    setServerError(null);
    setNotice(null);
    setProblems([]);
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    const files = toUpload.map((i) => i.file);
    try {
      const opts = { onProgress: (f: number) => setProgress(f), signal: ctrl.signal, speakerCount, decodeProfile, spokenLanguage: language.value };
      const created = merge ? [(await tasksApi.merge(files, title, opts)).task] : (await tasksApi.create(files, opts)).tasks;
      toast.success(merge ? t("doneMerged") : t("done", { count: created.length }));
      clearAll();
      setMerge(false);
      onUploaded(created);
      onClose();
    } catch (e) {
      if (isAbortError(e)) setNotice(t("cancelled"));
      else if (!openDialogForRefusal(e, onClose)) setServerError(errorMessage(e, terr("upload.uploadFailed"))); // used-up minutes, Pro-only upload: own dialog
      void reloadUsage();
    } finally {
      abortRef.current = null;
      setUploading(false);
    }
  };
  const cancelUpload = () => abortRef.current?.abort();

  useEffect(() => () => abortRef.current?.abort(), []);

  if (!open) return null;

  const problemText = (p: RuleProblem) => terr(p.key, p.params);
  const fmtMin = (m: number) => format.number(shownMinutes(m), { maximumFractionDigits: 1 }); // the one display rule

  return (
    <Modal
      title={mode === "audio" ? t("titleAudio") : t("titleVideo")}
      onClose={onClose}
      wide
      dismissable={!uploading}
      testId="upload-dialog"
      footer={
        <>
          {items.length > 0 && !uploading ? (
            <button type="button" className={`${ui.btn} ${ui.ghost} ${styles.pushLeft}`} onClick={clearAll} data-testid="upload-clear">
              {t("clear")}
            </button>
          ) : null}
          {uploading ? (
            <button type="button" className={ui.btn} onClick={cancelUpload} data-testid="upload-cancel">
              {t("cancelUpload")}
            </button>
          ) : (
            <button type="button" className={ui.btn} onClick={onClose} data-testid="upload-close">
              {t("close")}
            </button>
          )}
          <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void submit()} disabled={!canUpload} data-testid="upload-submit">
            {uploading ? <span className={ui.spinner} aria-hidden="true" /> : <IconUpload />}
            {merge ? t("submitMerge", { count: toUpload.length }) : t("submit", { count: toUpload.length })}
          </button>
        </>
      }
    >
      <div className={styles.body}>
        <UploadComplianceNotice />
        <DropZone accept={UPLOAD_ACCEPT} disabled={uploading} onFiles={addFiles} testId="upload-dropzone" inputTestId="upload-file-input">
          <span className={styles.dropIcon}>{mode === "audio" ? <IconAudio size={26} /> : <IconVideo size={26} />}</span>
          <span className={styles.dropTitle}>{t("dropTitle")}</span>
          <span className={styles.dropHint} data-testid="upload-formats">{t("formats")}</span>
          {limits && !limits.pro ? (
            <span className={styles.dropHint} data-testid="upload-limits" data-plan="free">
              {t("limitsFree", { max: limits.filesPerUpload, size: mbOf(limits.audioMaxBytes), merge: limits.mergeFiles })}
            </span>
          ) : (
            <span className={styles.dropHint} data-testid="upload-limits">
              {t("limits", { max: MAX_FILES_PER_UPLOAD, audio: mbOf(AUDIO_MAX_BYTES), video: mbOf(VIDEO_MAX_BYTES) })}
            </span>
          )}
          {usage ? (
            <span className={styles.dropHint} data-testid="upload-minutes-left">
              {t("minutesLeft", { remaining: fmtMin(usage.remainingMinutes) })}
            </span>
          ) : null}
        </DropZone>
        <IosHelpLink />
        <SpokenLanguageField choice={language} disabled={uploading} testId="upload-language" />

        {problems.length ? (
          <div className={ui.alert} role="alert" data-testid="upload-problems">
            <ul className={styles.problemList}>
              {problems.map((p, i) => (
                <li key={`${p.key}-${i}`} data-testid="upload-problem" data-key={p.key}>
                  {problemText(p)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {items.length > 0 ? (
          <>
            <div className={styles.listHead}>
              <Switch role="checkbox" checked={merge} onChange={setMerge} label={t("merge")} description={t("mergeHint")} disabled={uploading} testId="upload-merge-toggle" />
              <span className={styles.count} data-testid="upload-count">
                {t("count", { count: items.length, max: MAX_FILES_PER_UPLOAD })}
              </span>
            </div>

            <ol className={styles.fileList} data-testid="upload-file-list">
              {items.map((it, idx) => (
                <UploadFileRow
                  key={it.id}
                  item={it}
                  index={idx}
                  last={idx === items.length - 1}
                  order={merge && it.selected ? toUpload.indexOf(it) + 1 : null}
                  merge={merge}
                  uploading={uploading}
                  dragRow={dragRow}
                  setDragRow={setDragRow}
                  onMove={move}
                  onToggle={toggle}
                  onRemove={remove}
                />
              ))}
            </ol>

            {merge ? (
              <div className={styles.mergeBox}>
                <label className={ui.label} htmlFor="upload-merge-title">
                  {t("mergeTitle")}
                </label>
                <input
                  id="upload-merge-title"
                  className={ui.field}
                  value={title}
                  maxLength={200}
                  placeholder={toUpload[0]?.file.name.replace(/\.[^.]+$/, "") ?? ""}
                  onChange={(e) => setTitle(e.target.value)}
                  disabled={uploading}
                  data-testid="upload-merge-title"
                />
                {mergeTooFew ? (
                  <div className={`${ui.alert} ${ui.warn} ${styles.inlineAlert}`} role="status" data-testid="upload-merge-needs-files">
                    {terr("upload.mergeNeedsFiles")}
                  </div>
                ) : null}
              </div>
            ) : null}

            <div className={styles.mergeBox}>
              <SpeakerCountSelect value={speakerCount} onChange={setSpeakerCount} disabled={uploading} testId="upload-speaker-count" />
              <DecodeProfileSelect value={decodeProfile} onChange={setDecodeProfile} disabled={uploading} />
            </div>

            <div className={styles.summary} data-testid="upload-summary">
              <span data-testid="upload-total" data-minutes={reading ? "" : minutes.toFixed(2)}>
                {reading
                  ? t("readingTotal")
                  : t("total", { count: toUpload.length, duration: formatDuration(seconds), minutes: fmtMin(minutes) })}
                {unknownDuration && !reading ? ` ${t("someUnknown")}` : ""}
              </span>
              {usage ? (
                <span className={styles.summaryUsage} data-testid="upload-usage">
                  {t("usage", { used: fmtMin(used), total: fmtMin(total), remaining: fmtMin(Math.max(0, total - used)) })}
                </span>
              ) : null}
            </div>

            {refusal ? (
              <div className={`${ui.alert} ${ui.warn}`} role="status" data-testid="upload-plan-refusal" data-key={refusal.key}>
                <span>{terr(refusal.key, refusal.params)}</span>{" "}
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => upgradeFor(terr(refusal.key, refusal.params), onClose)} data-testid="upload-plan-upgrade">
                  {t("upgrade")}
                </button>
              </div>
            ) : null}

            {overLimit ? (
              <div className={ui.alert} role="alert" data-testid="upload-usage-block">
                {terr("upload.usageLimit", { used: fmtMin(used), total: fmtMin(total), needed: fmtMin(minutes) })}
              </div>
            ) : largeShare ? (
              <div className={`${ui.alert} ${ui.warn}`} role="status" data-testid="upload-usage-warning" data-percent={Math.round(share * 100)}>
                {t("largeShare", { percent: Math.round(share * 100), minutes: fmtMin(minutes), total: fmtMin(total), remaining: fmtMin(Math.max(0, total - used - minutes)) })}
              </div>
            ) : null}
          </>
        ) : null}

        {waitingForNetwork ? (
          <div className={`${ui.alert} ${ui.warn} ${styles.inlineAlert}`} role="status" data-testid="upload-waiting-network">
            {online ? t("backOnline", { count: toUpload.length }) : t("waitingForNetwork", { count: toUpload.length })}
            {online ? (
              <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void submit()} data-testid="upload-send-now">
                {t("sendNow")}
              </button>
            ) : null}
          </div>
        ) : null}
        {serverError ? (
          <div className={ui.alert} role="alert" data-testid="upload-error">
            {serverError}
          </div>
        ) : null}
        {notice ? (
          <div className={`${ui.alert} ${ui.info}`} role="status" data-testid="upload-notice">
            {notice}
          </div>
        ) : null}

        {uploading ? (
          <div className={styles.progress} data-testid="upload-progress" data-fraction={progress.toFixed(3)}>
            <div className={styles.progressLabel}>
              <span>{progress < 1 ? t("uploading") : t("processing")}</span>
              <span data-testid="upload-progress-percent">{t("percent", { percent: Math.round(progress * 100) })}</span>
            </div>
            <div
              className={`${ui.progress} ${progress >= 1 ? ui.progressIndeterminate : ""}`}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              aria-label={t("uploading")}
            >
              <div className={ui.progressFill} style={{ width: `${progress * 100}%` }} />
            </div>
          </div>
        ) : null}

        <p className={styles.compliance} data-testid="upload-compliance">
          {t("compliance")}
        </p>
      </div>
    </Modal>
  );
}
