"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useUpdateOverlayVisible } from "@/lib/client/update-overlay";
import { countdownPercent, reloadAddress } from "@/lib/devices/update-countdown";
import styles from "./shell.module.css";

/** After a version update the progress fills over 20 seconds, then the page reloads with a timestamp (lib/devices/update-countdown). */
function reload() {
  window.location.replace(reloadAddress(window.location.href, Date.now()));
}

/** Full-screen version-update overlay (screens and routes, error catalogue), shown by lib/client/update-overlay. */
export function UpdateOverlay() {
  const visible = useUpdateOverlayVisible();
  if (!visible) return null;
  return <UpdateOverlayPanel />;
}

function UpdateOverlayPanel() {
  const t = useTranslations("common");
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    const started = Date.now();
    let done = false;
    const timer = setInterval(() => {
      const p = countdownPercent(Date.now() - started);
      setPercent(p);
      if (p >= 100 && !done) {
        done = true;
        clearInterval(timer);
        reload();
      }
    }, 200);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className={styles.overlay} role="alertdialog" aria-modal="true" aria-labelledby="update-overlay-title" aria-describedby="update-overlay-desc" data-testid="update-overlay">
      <div className={styles.overlayCard}>
        <div className={styles.overlayIcon} aria-hidden="true">
          ↻
        </div>
        <h2 id="update-overlay-title" className={styles.overlayTitle}>
          {t("update.title")}
        </h2>
        <p id="update-overlay-desc" className={styles.overlayText}>
          {t("update.description")}
        </p>
        <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className={styles.progressBar} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.overlayPercent} data-testid="update-overlay-progress" data-percent={percent}>
          {t("update.progress", { percent })}
        </p>
        <button type="button" className="btn btn-secondary" onClick={reload} data-testid="update-overlay-reload">
          {t("update.reloadNow")}
        </button>
      </div>
    </div>
  );
}
