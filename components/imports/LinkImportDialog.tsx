"use client";
// Video-link import (spec §2, §5): the link is checked as it is typed with the
// same rules as the server; the import itself is experimental and rate limited.
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/tasks/Modal";
import { IconLink } from "@/components/tasks/icons";
import ui from "@/components/tasks/ui.module.css";
import { errorMessage } from "@/components/tasks/useTaskList";
import upload from "@/components/upload/upload.module.css";
import { importsApi } from "@/lib/client/imports";
import type { TaskSummary } from "@/lib/client/tasks";
import { toast } from "@/lib/client/toasts";
import { VIDEO_PLATFORM_HOST_LABEL, parseVideoLink, videoLinkErrorKey, type VideoLinkRejection } from "@/lib/links/link.schema";
import styles from "./imports.module.css";

export interface LinkImportDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (tasks: TaskSummary[]) => void;
}

/** The local rejection of a link, if any. */
function linkProblem(url: string): VideoLinkRejection | null {
  const parsed = parseVideoLink(url);
  return parsed.ok ? null : parsed.reason;
}

export function LinkImportDialog({ open, onClose, onCreated }: LinkImportDialogProps) {
  const t = useTranslations("imports.link");
  const tc = useTranslations("imports.common");
  const terr = useTranslations("errors");
  const [url, setUrl] = useState("");
  // Messages wait until the user typed or tried to import: an empty field is not yet an error.
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputId = useId();

  if (!open) return null;

  const problem = linkProblem(url);
  const problemText = problem ? terr(videoLinkErrorKey[problem], { host: VIDEO_PLATFORM_HOST_LABEL }) : null;
  const shownError = serverError ?? (touched ? problemText : null);

  const submit = async () => {
    setTouched(true);
    setServerError(null);
    // The server's host list can be wider (test hosts), so a host mismatch is left to it to decide.
    if (problem && problem !== "host") return;
    setBusy(true);
    try {
      const { task } = await importsApi.importLink(url.trim());
      toast.success(t("done"));
      setUrl("");
      setTouched(false);
      onCreated([task]);
      onClose();
    } catch (e) {
      setServerError(errorMessage(e, terr("links.fetchFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      dismissable={!busy}
      testId="link-dialog"
      footer={
        <>
          <button type="button" className={ui.btn} onClick={onClose} disabled={busy} data-testid="link-close">
            {tc("close")}
          </button>
          <button type="submit" form={`${inputId}-form`} className={`${ui.btn} ${ui.primary}`} disabled={busy} data-testid="link-submit">
            {busy ? <span className={ui.spinner} aria-hidden="true" /> : <IconLink />}
            {t("submit")}
          </button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        className={upload.body}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <p className={styles.note}>
          <span className={styles.experimental}>{t("experimental")}</span>
          {t("intro", { host: VIDEO_PLATFORM_HOST_LABEL })}
        </p>
        <div className={styles.field}>
          <label className={ui.label} htmlFor={inputId}>
            {t("label")}
          </label>
          <input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className={`${ui.field} ${shownError ? ui.fieldError : ""}`}
            value={url}
            placeholder={t("placeholder")}
            onChange={(e) => {
              setUrl(e.target.value);
              setTouched(true);
              setServerError(null);
            }}
            disabled={busy}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${inputId}-error` : undefined}
            data-autofocus
            data-testid="link-input"
          />
          {shownError ? (
            <span id={`${inputId}-error`} className={ui.fieldHint} role="alert" data-testid="link-error" data-reason={serverError ? "server" : problem ?? undefined}>
              {shownError}
            </span>
          ) : null}
        </div>
        <p className={styles.muted}>{t("timing")}</p>
      </form>
    </Modal>
  );
}
