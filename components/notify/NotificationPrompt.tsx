"use client";
// The notification permission prompt (screens and routes): a small banner, shown once the
// user has tasks to be told about, while the browser has not been asked yet.
// "Not now" hides it for 24 hours.
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { IconClose } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { notificationSupport, requestNotificationPermission } from "@/lib/client/notifications";
import { readJson, writeJson } from "@/lib/client/storage";
import { toast } from "@/lib/client/toasts";
import styles from "./notify.module.css";

export const PROMPT_DISMISSED_KEY = "notify_prompt_dismissed";
export const PROMPT_SNOOZE_MS = 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  const record = readJson<{ at?: number }>(PROMPT_DISMISSED_KEY);
  return typeof record?.at === "number" && Date.now() - record.at < PROMPT_SNOOZE_MS;
}

function snooze(): void {
  writeJson(PROMPT_DISMISSED_KEY, { at: Date.now() });
}

export function NotificationPrompt({ hasTasks }: { hasTasks: boolean }) {
  const t = useTranslations("notify");
  // Decided after mounting: permission and storage exist only in the browser.
  const [eligible, setEligible] = useState(false);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    setEligible(notificationSupport() === "default" && !dismissedRecently());
  }, []);

  if (!eligible || !hasTasks) return null;

  const dismiss = () => {
    snooze();
    setEligible(false);
  };

  const enable = async () => {
    setAsking(true);
    const outcome = await requestNotificationPermission();
    setAsking(false);
    // Still undecided (quiet prompt, no answer, error): do not ask again today.
    if (notificationSupport() === "default") snooze();
    setEligible(false);
    const message = t(`outcome.${outcome}`);
    if (outcome === "granted") toast.success(message);
    else if (outcome === "denied" || outcome === "error") toast.error(message, { duration: 8000 });
    else toast.info(message, { duration: 8000 });
  };

  return (
    <div className={styles.prompt} role="region" aria-label={t("prompt.title")} data-testid="notify-prompt">
      <div className={styles.promptText}>
        <strong>{t("prompt.title")}</strong>
        <span className={styles.promptBody}>{t("prompt.body")}</span>
      </div>
      <div className={styles.promptActions}>
        <button type="button" className={`${ui.btn} ${ui.small} ${ui.primary}`} onClick={enable} disabled={asking} data-testid="notify-enable">
          {asking ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("prompt.enable")}
        </button>
        <button type="button" className={ui.iconBtn} onClick={dismiss} disabled={asking} aria-label={t("prompt.dismiss")} title={t("prompt.dismiss")} data-testid="notify-dismiss">
          <IconClose size={14} />
        </button>
      </div>
    </div>
  );
}
