"use client";
// In a messaging app's built-in browser (WeChat, QQ, Weibo, LINE,
// Facebook, Instagram) downloads, sign-in links and uploads are unreliable, so
// the page asks to be opened in an external browser: the current address, a
// copy button and three steps. "Continue here" hides it for this tab session.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { toast } from "@/lib/client/toasts";
import type { InAppBrowser } from "@/lib/devices/user-agent";
import { copyText } from "@/components/devices/copy-text";
import styles from "@/components/devices/clients.module.css";

export const IN_APP_DISMISSED_KEY = "inapp_warning_dismissed";

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(IN_APP_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function InAppBrowserWarning({ app, pathname }: { app: InAppBrowser; pathname: string }) {
  const t = useTranslations("clients.inApp");
  const [hidden, setHidden] = useState(true);
  const [address, setAddress] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setHidden(dismissedThisSession());
  }, []);
  // The address follows client-side navigation.
  useEffect(() => {
    setAddress(window.location.href);
  }, [pathname]);

  if (hidden) return null;

  const copy = async () => {
    if (await copyText(address, inputRef.current)) toast.success(t("copied"));
    else toast.error(t("copyFailed"));
  };

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(IN_APP_DISMISSED_KEY, "1");
    } catch {
      /* private mode: hidden until reload */
    }
    setHidden(true);
  };

  const appName = t(`apps.${app}`);
  return (
    <div className={styles.sheetBackdrop}>
      <span className={styles.pointer} aria-hidden="true">
        ↗
      </span>
      <div className={styles.sheet} role="alertdialog" aria-modal="true" aria-labelledby="inapp-title" aria-describedby="inapp-body" data-testid="inapp-warning" data-app={app}>
        <h2 id="inapp-title" className={styles.sheetTitle}>
          {t("title")}
        </h2>
        <p id="inapp-body" className={styles.muted}>
          {t("body", { app: appName })}
        </p>
        <label className={ui.srOnly} htmlFor="inapp-address">
          {t("addressLabel")}
        </label>
        <div className={styles.addressRow}>
          <input id="inapp-address" ref={inputRef} className={styles.address} value={address} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="inapp-address" />
          <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={copy} data-testid="inapp-copy">
            {t("copy")}
          </button>
        </div>
        <p className={styles.stepsTitle}>{t("stepsTitle")}</p>
        <ol className={styles.steps} data-testid="inapp-steps">
          <li>{t("step1", { app: appName })}</li>
          <li>{t("step2")}</li>
          <li>{t("step3")}</li>
        </ol>
        <div className={styles.sheetActions}>
          <button type="button" className={`${ui.btn} ${ui.ghost}`} onClick={dismiss} data-testid="inapp-continue">
            {t("continue")}
          </button>
        </div>
      </div>
    </div>
  );
}
