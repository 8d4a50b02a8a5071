"use client";
// Meeting join (screens and routes, validation rules): sends a recording bot to a meeting link. The
// server may have no meeting service set up; the dialog asks first and says so.
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { Modal } from "@/components/ui/Modal";
import { IconUsers } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { errorMessage } from "@/lib/client/api-errors";
import upload from "@/components/upload/upload.module.css";
import { isApiError } from "@/lib/client/api";
import { importsApi } from "@/lib/imports/imports.client";
import type { TaskSummary } from "@/lib/tasks/task.client";
import { parseMeetingLink } from "@/lib/meetings/meeting-link";
import { SpokenLanguageField } from "@/components/speech/SpokenLanguageField";
import { useSpokenLanguage } from "@/components/speech/useSpokenLanguage";
import { UrlField } from "./UrlField";
import { useUrlImport } from "./useUrlImport";
import styles from "./imports.module.css";

export interface MeetingJoinDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (tasks: TaskSummary[]) => void;
}

type MeetingConfig = { state: "loading" } | { state: "ready"; enabled: boolean } | { state: "failed"; error: unknown };

/** Message keys under imports.meeting.platforms, in the order shown. */
const PLATFORMS = ["zoom", "googleMeet", "teams", "tencent", "feishu"] as const;

export function MeetingJoinDialog({ open, onClose, onCreated }: MeetingJoinDialogProps) {
  const t = useTranslations("imports.meeting");
  const tc = useTranslations("imports.common");
  const terr = useTranslations("errors");
  const [config, setConfig] = useState<MeetingConfig>({ state: "loading" });
  const language = useSpokenLanguage(open);

  const loadConfig = useCallback(async () => {
    setConfig({ state: "loading" });
    try {
      const { enabled } = await importsApi.meetingConfig();
      setConfig({ state: "ready", enabled });
    } catch (error) {
      setConfig({ state: "failed", error });
    }
  }, []);

  // Asked on every opening: the server's set-up can change while the page is open.
  useEffect(() => {
    if (open) void loadConfig();
  }, [open, loadConfig]);

  const meeting = useUrlImport({
    accepts: (url) => parseMeetingLink(url).ok && !language.blocked,
    send: async (url) => (await importsApi.joinMeeting(url, language.value)).task,
    doneMessage: t("done"),
    failureMessage: (e) => {
      if (isApiError(e) && e.key === "meetings.notConfigured") {
        setConfig({ state: "ready", enabled: false });
        return null;
      }
      return errorMessage(e, terr("meetings.joinFailed"));
    },
    onCreated,
    onClose,
  });

  if (!open) return null;

  const { busy, serverError } = meeting;
  const enabled = config.state === "ready" && config.enabled;
  const linkValid = parseMeetingLink(meeting.url).ok;
  const shownError = serverError ?? (meeting.touched && !linkValid ? terr("meetings.invalidLink") : null);

  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      dismissable={!busy}
      testId="meeting-dialog"
      footer={
        <>
          <button type="button" className={ui.btn} onClick={onClose} disabled={busy} data-testid="meeting-close">
            {tc("close")}
          </button>
          {enabled ? (
            <button type="submit" form={meeting.formId} className={`${ui.btn} ${ui.primary}`} disabled={busy || language.blocked} data-testid="meeting-submit">
              {busy ? <span className={ui.spinner} aria-hidden="true" /> : <IconUsers />}
              {t("submit")}
            </button>
          ) : null}
        </>
      }
    >
      {config.state === "loading" ? (
        <CentredLoader fullScreen={false} />
      ) : config.state === "failed" ? (
        <div className={upload.body}>
          <div className={ui.alert} role="alert" data-testid="meeting-error">
            {errorMessage(config.error, terr("common.requestFailed"))}
          </div>
          <button type="button" className={ui.btn} onClick={() => void loadConfig()} data-testid="meeting-config-retry">
            {t("retry")}
          </button>
        </div>
      ) : !enabled ? (
        <div className={`${ui.alert} ${ui.info}`} role="status" data-testid="meeting-not-configured">
          <span>
            <strong>{terr("meetings.notConfigured")}</strong>
            <br />
            {t("notConfiguredHint")}
          </span>
        </div>
      ) : (
        <form {...meeting.formProps} className={upload.body}>
          <p className={styles.note}>{t("intro")}</p>
          <UrlField
            {...meeting.fieldProps}
            label={t("label")}
            placeholder={t("placeholder")}
            error={shownError}
            testId="meeting-input"
            errorTestId="meeting-error"
          />
          <SpokenLanguageField choice={language} disabled={busy} testId="meeting-language" />
          <div>
            <span className={ui.label}>{t("platformsLabel")}</span>
            <ul className={styles.platforms} data-testid="meeting-platforms">
              {PLATFORMS.map((p) => (
                <li key={p} className={styles.platform}>
                  {t(`platforms.${p}`)}
                </li>
              ))}
            </ul>
          </div>
          <p className={styles.muted}>{t("howItWorks")}</p>
        </form>
      )}
    </Modal>
  );
}
