"use client";
// The task's recording: <audio> or <video> by media kind, loaded from the
// signed URL of GET /api/transcription/tasks/{id}/media-url. An expired URL
// is fetched again once when the element reports an error.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { tasksApi, type MediaKind, type MediaUrl } from "@/lib/tasks/task.client";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { MediaController } from "./useMediaController";
import styles from "./transcript.module.css";

const RATES = [0.75, 1, 1.25, 1.5, 2];

export function MediaPlayer({ taskId, kind, controller, compact }: { taskId: string; kind: MediaKind | null; controller: MediaController; compact?: boolean }) {
  const t = useTranslations("app.player");
  const [media, setMedia] = useState<MediaUrl | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rate, setRate] = useState(1);
  const refetched = useRef(false);
  const { setElement } = controller;

  const fetchUrl = useCallback(async () => {
    setProblem(null);
    try {
      setMedia(await tasksApi.mediaUrl(taskId));
    } catch (e) {
      setProblem(errorMessage(e, t("unavailable")));
    }
  }, [taskId, t]);

  useEffect(() => {
    setMedia(null);
    refetched.current = false;
    void fetchUrl();
  }, [fetchUrl]);

  const attach = useCallback(
    (el: HTMLMediaElement | null) => {
      if (el) applyRate(el, rate);
      setElement(el);
    },
    // The rate is applied on change below; attaching must not depend on it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setElement],
  );

  useEffect(() => {
    if (controller.element) applyRate(controller.element, rate);
  }, [rate, controller.element]);

  const onError = () => {
    if (refetched.current) {
      setProblem(t("unavailable"));
      return;
    }
    refetched.current = true;
    void fetchUrl();
  };

  const effectiveKind = media?.kind ?? kind ?? "audio";

  return (
    <div className={`${styles.player} ${effectiveKind === "video" ? styles.playerVideo : ""} ${compact ? styles.playerCompact : ""}`} data-testid="media-player-box">
      {problem ? (
        <div className={`${ui.alert} ${ui.warn} ${styles.playerProblem}`} role="status" data-testid="media-player-error">
          <span>{problem}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void fetchUrl()}>
            {t("reload")}
          </button>
        </div>
      ) : !media ? (
        <div className={styles.playerLoading} aria-busy="true">
          <span className={ui.spinner} aria-hidden="true" />
          <span>{t("loading")}</span>
        </div>
      ) : effectiveKind === "video" ? (
        <video ref={attach} key={media.url} src={media.url} controls preload="metadata" playsInline className={styles.video} onError={onError} data-testid="media-player" data-kind="video" />
      ) : (
        <audio ref={attach} key={media.url} src={media.url} controls preload="metadata" className={styles.audio} onError={onError} data-testid="media-player" data-kind="audio" />
      )}
      {media && !problem ? (
        <label className={styles.rate}>
          <span className={ui.srOnly}>{t("speed")}</span>
          <select value={rate} onChange={(e) => setRate(Number(e.target.value))} data-testid="media-player-rate" title={t("speed")}>
            {RATES.map((r) => (
              <option key={r} value={r}>
                {t("rate", { rate: r })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}

/** The element is the browser's, not React state: setting its rate is a side effect. */
function applyRate(el: HTMLMediaElement, rate: number) {
  el.playbackRate = rate;
}
