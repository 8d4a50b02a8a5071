"use client";
// The install offer (docs/devices.md "Install"): made once, in the app's own style, after the user's first
// finished transcript, where the browser can install (Chromium's beforeinstallprompt) or on an iPhone/iPad in
// Safari (instructions: iOS has no install event). ClientPromptsView leaves it out where the desktop handoff
// or the in-app-browser warning applies.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { api } from "@/lib/client/api";
import { readItem, writeItem } from "@/lib/client/storage";
import { hasTranscript, type TaskPage } from "@/lib/tasks/task.client";
import { forgetInstallEvent, installEvent, onInstallEvent } from "./register";
import styles from "./pwa.module.css";

const OFFERED_KEY = "pwa:installOffered";

function standalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function InstallPrompt({ ios }: { ios: boolean }) {
  const t = useTranslations("clients.pwa.install");
  const prompt = useSyncExternalStore(onInstallEvent, installEvent, () => null);
  const [show, setShow] = useState(false);
  const canOffer = Boolean(prompt) || ios;

  useEffect(() => {
    if (!canOffer || readItem(OFFERED_KEY) || standalone()) return;
    let cancelled = false;
    // Offered once the user has a finished transcript: the moment the app has shown what it is for.
    void api
      .get<TaskPage>("/api/transcription/tasks", { page: 1, page_size: 10 }, { authRedirect: false, updateOverlay: false })
      .then((page) => {
        if (!cancelled && page.items.some((task) => hasTranscript(task.status))) setShow(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [canOffer]);

  if (!show) return null;

  const close = () => {
    writeItem(OFFERED_KEY, new Date().toISOString());
    setShow(false);
  };
  const install = async () => {
    const event = installEvent();
    close();
    if (!event) return;
    forgetInstallEvent();
    await event.prompt().catch(() => undefined);
  };

  return (
    <div className={styles.install} role="dialog" aria-labelledby="pwa-install-title" data-testid="install-prompt">
      {/* eslint-disable-next-line @next/next/no-img-element -- a fixed 48 px app icon, nothing to optimise */}
      <img src="/icons/icon-96.png" width={48} height={48} alt="" />
      <div className={styles.installText}>
        <strong id="pwa-install-title">{t("title")}</strong>
        <span>{ios && !prompt ? t("iosBody") : t("body")}</span>
        <div className={styles.installActions}>
          {prompt ? (
            <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void install()} data-testid="install-accept">
              {t("accept")}
            </button>
          ) : null}
          <button type="button" className={ui.btn} onClick={close} data-testid="install-dismiss">
            {prompt ? t("later") : t("gotIt")}
          </button>
        </div>
      </div>
    </div>
  );
}
