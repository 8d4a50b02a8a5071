"use client";
// The "Upload file" tab: a drop zone with a hidden picker and the chosen documents.
import { useTranslations } from "next-intl";
import { IconClose, IconDoc } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { DropZone } from "@/components/upload/DropZone";
import upload from "@/components/upload/upload.module.css";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_REQUEST, MAX_REQUEST_BYTES, bytesToMb } from "@/lib/documents/limits";
import { formatBytes } from "@/lib/format/bytes";
import { DOCUMENT_ACCEPT, fileKey } from "./documentChecks";
import { UploadComplianceNotice } from "@/components/verify/UploadComplianceNotice";

export interface DocumentFilePickerProps {
  files: File[];
  disabled: boolean;
  onAdd: (picked: File[]) => void;
  onRemove: (file: File) => void;
}

export function DocumentFilePicker({ files, disabled, onAdd, onRemove }: DocumentFilePickerProps) {
  const t = useTranslations("imports.document");

  return (
    <>
      <UploadComplianceNotice />
      <DropZone accept={DOCUMENT_ACCEPT} disabled={disabled} onFiles={onAdd} testId="document-dropzone" inputTestId="document-file-input">
        <span className={upload.dropIcon}>
          <IconDoc size={26} />
        </span>
        <span className={upload.dropTitle}>{t("dropTitle")}</span>
        <span className={upload.dropHint}>{t("formats", { size: bytesToMb(MAX_DOCUMENT_BYTES) })}</span>
        <span className={upload.dropHint}>{t("limits", { max: MAX_DOCUMENTS_PER_REQUEST, total: bytesToMb(MAX_REQUEST_BYTES) })}</span>
      </DropZone>
      {files.length > 0 ? (
        <>
          <span className={upload.count} data-testid="document-count">
            {t("count", { count: files.length, max: MAX_DOCUMENTS_PER_REQUEST })}
          </span>
          <ol className={upload.fileList}>
            {files.map((file) => (
              <li key={fileKey(file)} className={upload.fileRow} data-testid="document-file-row" data-name={file.name}>
                <span className={upload.fileIcon} aria-hidden="true">
                  <IconDoc />
                </span>
                <span className={upload.fileMain}>
                  <span className={upload.fileName} title={file.name}>
                    {file.name}
                  </span>
                  <span className={upload.fileMeta}>{formatBytes(file.size)}</span>
                </span>
                <button type="button" className={ui.iconBtn} onClick={() => onRemove(file)} disabled={disabled} aria-label={t("remove", { name: file.name })} data-testid="document-file-remove">
                  <IconClose />
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}
