"use client";
// "Record": choose the source (microphone, a tab's audio, or both; phones: microphone only)
// and the spoken language, then record with the live transcript. On stop the recording
// becomes an ordinary task, which the home screen opens.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { SpokenLanguageField } from "@/components/speech/SpokenLanguageField";
import { useSpokenLanguage } from "@/components/speech/useSpokenLanguage";
import { captureSupported, tabCaptureSupported } from "@/lib/live/capture";
import type { LiveSession, LiveSource } from "@/lib/live/live.client";
import { LiveRecordingView } from "./LiveRecordingView";
import { useLiveRecorder } from "./useLiveRecorder";
import styles from "./live.module.css";

export interface LiveRecordDialogProps {
  onClose: () => void;
  onDone: (taskId: string) => void;
  /** An interrupted session to continue (or only to finish, when `record` is false). */
  resume?: { session: LiveSession; record: boolean } | null;
}

const SOURCES: readonly LiveSource[] = ["mic", "tab", "mix"];

export function LiveRecordDialog({ onClose, onDone, resume }: LiveRecordDialogProps) {
  const t = useTranslations("live");
  const language = useSpokenLanguage(true);
  const tabs = tabCaptureSupported();
  const [source, setSource] = useState<LiveSource>(resume?.session.source ?? "mic");
  const live = useLiveRecorder({ onDone, onRefused: onClose });
  const [continued, setContinued] = useState(false);

  const active = live.phase === "active" && live.state !== null;
  const busy = live.phase === "starting" || (active && live.state!.phase !== "done");
  const supported = captureSupported();

  const begin = () => {
    if (resume) {
      setContinued(true);
      void live.continueSession(resume.session, resume.record);
    } else void live.start(source, language.value);
  };

  const problem = live.problem ? (live.problem.code ? t(`errors.${live.problem.code}`) : (live.problem.message ?? t("errors.startFailed"))) : null;

  return (
    <Modal
      title={resume ? t("continueTitle") : t("title")}
      onClose={onClose}
      dismissable={!busy}
      testId="live-dialog"
      footer={
        active ? null : (
          <>
            <button type="button" className={ui.btn} onClick={onClose} disabled={busy} data-testid="live-close">
              {t("close")}
            </button>
            <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={begin} disabled={busy || !supported || (!resume && language.blocked)} data-testid="live-start">
              {busy ? <span className={ui.spinner} aria-hidden="true" /> : <span className={styles.dot} aria-hidden="true" />}
              {live.phase === "error" ? t("tryAgain") : resume && !resume.record ? t("finishNow") : t("start")}
            </button>
          </>
        )
      }
    >
      {active ? (
        <LiveRecordingView state={live.state!} source={resume?.session.source ?? source} onPause={live.pause} onResume={live.resume} onMark={live.mark} onStop={() => void live.stop()} />
      ) : (
        <div className={styles.body}>
          {!supported ? (
            <p className={ui.alert} role="alert" data-testid="live-error" data-code="unsupportedBrowser">
              {t("errors.unsupportedBrowser")}
            </p>
          ) : null}
          {problem ? (
            <p className={ui.alert} role="alert" data-testid="live-error" data-code={live.problem?.code ?? "server"}>
              {problem}
            </p>
          ) : null}
          {resume ? (
            <p className={styles.muted}>{continued ? t("starting") : t("continueIntro")}</p>
          ) : (
            <>
              {tabs ? (
                <fieldset className={styles.sources} disabled={busy}>
                  <legend className={ui.label}>{t("source.label")}</legend>
                  {SOURCES.map((s) => (
                    <label key={s} className={styles.source}>
                      <input type="radio" name="live-source" value={s} checked={source === s} onChange={() => setSource(s)} data-testid={`live-source-${s}`} />
                      <span className={styles.sourceText}>
                        <span>{t(`source.${s}`)}</span>
                        <span className={styles.sourceHint}>{t(`source.${s}Hint`)}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p className={styles.muted} data-testid="live-mic-only">
                  {t("source.micOnly")}
                </p>
              )}
              <SpokenLanguageField choice={language} disabled={busy} testId="live-language" />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
