"use client";
// Video-link import (screens and routes, validation rules): the link is checked as it is typed with the
// same rules as the server; the import itself is experimental and rate limited.
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { IconLink } from "@/components/ui/icons";
import { errorMessage } from "@/lib/client/api-errors";
import upload from "@/components/upload/upload.module.css";
import { importsApi } from "@/lib/imports/imports.client";
import type { TaskSummary } from "@/lib/tasks/task.client";
import { VIDEO_PLATFORM_HOST_LABEL, parseVideoLink, videoLinkErrorKey, type VideoLinkRejection } from "@/lib/links/link.schema";
import { SpokenLanguageField } from "@/components/speech/SpokenLanguageField";
import { useSpokenLanguage } from "@/components/speech/useSpokenLanguage";
import { UrlField } from "./UrlField";
import { useUrlImport } from "./useUrlImport";
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
  const language = useSpokenLanguage(open);
  const link = useUrlImport({
    // The server's host list can be wider (test hosts), so a host mismatch is left to it to decide.
    accepts: (url) => {
      const problem = linkProblem(url);
      // A language the engine cannot hear is said next to its field; Enter sends nothing then.
      return (!problem || problem === "host") && !language.blocked;
    },
    send: async (url) => (await importsApi.importLink(url, language.value)).task,
    doneMessage: t("done"),
    failureMessage: (e) => errorMessage(e, terr("links.fetchFailed")),
    onCreated,
    onClose,
  });

  if (!open) return null;

  const { busy, serverError } = link;
  const problem = linkProblem(link.url);
  const problemText = problem ? terr(videoLinkErrorKey[problem], { host: VIDEO_PLATFORM_HOST_LABEL }) : null;
  const shownError = serverError ?? (link.touched ? problemText : null);

  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      dismissable={!busy}
      testId="link-dialog"
      footer={<ModalFooter cancelLabel={tc("close")} onCancel={onClose} cancelTestId="link-close" submitLabel={t("submit")} form={link.formId} submitTestId="link-submit" busy={busy} disabled={language.blocked} icon={<IconLink />} />}
    >
      <form {...link.formProps} className={upload.body}>
        <p className={styles.note}>
          <span className={styles.experimental}>{t("experimental")}</span>
          {t("intro", { host: VIDEO_PLATFORM_HOST_LABEL })}
        </p>
        <UrlField
          {...link.fieldProps}
          label={t("label")}
          placeholder={t("placeholder")}
          error={shownError}
          errorReason={serverError ? "server" : problem ?? undefined}
          testId="link-input"
          errorTestId="link-error"
        />
        <SpokenLanguageField choice={language} disabled={busy} testId="link-language" />
        <p className={styles.muted}>{t("timing")}</p>
      </form>
    </Modal>
  );
}
