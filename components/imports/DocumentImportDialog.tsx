"use client";
// Document import (screens and routes, validation rules): an "Upload file" tab (.txt/.docx) and a "Paste
// text" tab, then a quota estimate to confirm before any task is created.
// Server errors show inline and leave the chosen files or text in place.
import { useEffect, useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import upload from "@/components/upload/upload.module.css";
import type { TaskSummary } from "@/lib/tasks/task.client";
import { DocumentEstimateView } from "./DocumentEstimateView";
import { DocumentFilePicker } from "./DocumentFilePicker";
import { ImportErrors } from "./ImportErrors";
import { PasteTextForm } from "./PasteTextForm";
import { useDocumentImport, type DocumentTab } from "./useDocumentImport";
import styles from "./imports.module.css";

export interface DocumentImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new tasks (one per document, or one for the pasted text). */
  onCreated: (tasks: TaskSummary[]) => void;
  /** Documents the dialog opens with (shared into the app: components/pwa/useSharedFiles.ts). */
  initialFiles?: File[];
}

const TABS: readonly DocumentTab[] = ["upload", "paste"];

export function DocumentImportDialog({ open, onClose, onCreated, initialFiles }: DocumentImportDialogProps) {
  const t = useTranslations("imports.document");
  const tc = useTranslations("imports.common");
  const doc = useDocumentImport(onCreated);
  const taken = useRef<File[] | null>(null);
  const { addFiles, changeTab } = doc;
  useEffect(() => {
    if (!open || !initialFiles?.length || taken.current === initialFiles) return;
    taken.current = initialFiles;
    changeTab("upload");
    addFiles(initialFiles);
  }, [open, initialFiles, addFiles, changeTab]);
  const tabsId = useId();

  if (!open) return null;

  const busy = doc.busy !== null;
  // Uploads can be stopped; the small JSON calls for pasted text just finish.
  const cancellable = busy && doc.tab === "upload";
  const close = () => {
    doc.back();
    onClose();
  };
  const confirm = async () => {
    if (await doc.confirm()) onClose();
  };

  const footer =
    doc.step === "edit" ? (
      <>
        {cancellable ? <CancelButton onClick={doc.cancelRequest} label={tc("cancel")} /> : <CloseButton onClick={close} label={tc("close")} disabled={busy} />}
        <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void doc.requestEstimate()} disabled={busy} data-testid="document-submit">
          {doc.busy === "estimating" ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {doc.busy === "estimating" ? t("estimating") : t("submit")}
        </button>
      </>
    ) : (
      <>
        <button type="button" className={`${ui.btn} ${ui.ghost} ${upload.pushLeft}`} onClick={doc.back} disabled={busy} data-testid="document-back">
          {tc("back")}
        </button>
        {cancellable ? <CancelButton onClick={doc.cancelRequest} label={tc("cancel")} /> : <CloseButton onClick={close} label={tc("close")} disabled={busy} />}
        {doc.estimate?.fits ? (
          <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void confirm()} disabled={busy} data-testid="document-confirm" data-autofocus>
            {doc.busy === "creating" ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {t("confirm", { count: doc.estimate.items.length })}
          </button>
        ) : null}
      </>
    );

  return (
    <Modal title={t("title")} onClose={close} wide dismissable={!busy} testId="document-dialog" footer={footer}>
      <div className={upload.body}>
        {doc.step === "edit" ? (
          <>
            <div className={styles.tabs} role="tablist" aria-label={t("tabsLabel")}>
              {TABS.map((id) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  id={`${tabsId}-${id}`}
                  aria-selected={doc.tab === id}
                  aria-controls={`${tabsId}-panel`}
                  className={`${styles.tab} ${doc.tab === id ? styles.tabActive : ""}`}
                  onClick={() => doc.changeTab(id)}
                  disabled={busy}
                  data-testid={`document-tab-${id}`}
                >
                  {t(id === "upload" ? "tabUpload" : "tabPaste")}
                </button>
              ))}
            </div>
            <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${doc.tab}`} className={upload.body}>
              {doc.tab === "upload" ? (
                <DocumentFilePicker files={doc.files} disabled={busy} onAdd={doc.addFiles} onRemove={doc.removeFile} />
              ) : (
                <PasteTextForm title={doc.title} text={doc.text} disabled={busy} onTitle={doc.setTitle} onText={doc.changeText} />
              )}
            </div>
          </>
        ) : doc.estimate ? (
          <DocumentEstimateView estimate={doc.estimate} />
        ) : null}

        <ImportErrors messages={doc.errorMessages} testId="document-error" />

        {doc.busy === "creating" && doc.tab === "upload" ? <UploadProgress fraction={doc.progress} /> : null}
      </div>
    </Modal>
  );
}

function CloseButton({ onClick, label, disabled }: { onClick: () => void; label: string; disabled: boolean }) {
  return (
    <button type="button" className={ui.btn} onClick={onClick} disabled={disabled} data-testid="document-close">
      {label}
    </button>
  );
}

function CancelButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" className={ui.btn} onClick={onClick} data-testid="document-cancel">
      {label}
    </button>
  );
}

/** The upload bar; once the bytes are sent it runs on while the server reads the documents. */
function UploadProgress({ fraction }: { fraction: number }) {
  const t = useTranslations("imports.document");
  const percent = Math.round(fraction * 100);
  return (
    <div className={upload.progress} data-testid="document-progress" data-fraction={fraction.toFixed(3)}>
      <div className={upload.progressLabel}>
        <span>{fraction < 1 ? t("uploading") : t("processing")}</span>
        <span>{t("percent", { percent })}</span>
      </div>
      <div className={`${ui.progress} ${fraction >= 1 ? ui.progressIndeterminate : ""}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("uploading")}>
        <div className={ui.progressFill} style={{ width: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}
