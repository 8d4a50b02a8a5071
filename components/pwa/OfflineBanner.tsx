"use client";
import { useTranslations } from "next-intl";
import { useOnline } from "./useOnline";
import styles from "./pwa.module.css";

/** Shown while the browser is offline: what the app can still do (read what was opened before). */
export function OfflineBanner() {
  const t = useTranslations("clients.pwa.offline");
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.offline} role="status" data-testid="offline-banner">
      <strong>{t("title")}</strong> {t("body")}
    </div>
  );
}
