"use client";

import { useTranslations } from "next-intl";
import { codecLabel, fastestOutput } from "@/lib/tools/media/rules";
import styles from "./media.module.css";

/**
 * Before a fastest-mode start: the file the stream copy will write, from the audio codec the
 * upload's probe found. A codec most players cannot open as it is (MP2 from an MPEG-1 video,
 * AC-3, WMA...) is said plainly, with MP3 one click away.
 */
export function FastestNotice({ audioCodec, onUseMp3, disabled }: { audioCodec: string | null; onUseMp3: () => void; disabled: boolean }) {
  const t = useTranslations("mediatools.mode");
  const out = fastestOutput(audioCodec);
  const codec = codecLabel(audioCodec);
  const ext = out.ext.toUpperCase();
  if (out.playsAnywhere) {
    return (
      <p className={styles.notice} data-testid="media-fastest-notice" data-ext={out.ext} data-plays-anywhere="true">
        {t("fastestOutput", { format: ext === codec ? ext : `${ext} (${codec})` })}
      </p>
    );
  }
  return (
    <div className={`${styles.notice} ${styles.noticeWarn}`} role="status" data-testid="media-fastest-notice" data-ext={out.ext} data-plays-anywhere="false">
      <p>{t("fastestUnusual", { codec, ext: out.ext })}</p>
      <button type="button" className="btn btn-primary" onClick={onUseMp3} disabled={disabled} data-testid="media-fastest-mp3">
        {t("useMp3")}
      </button>
    </div>
  );
}
