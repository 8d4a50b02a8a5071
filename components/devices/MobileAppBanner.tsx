"use client";
// The mobile download prompt: on a phone, a small banner offers the app for
// this platform (only when its download is configured). "Not now" hides it for 30 days.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { IconClose } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { readJson, writeJson } from "@/lib/client/storage";
import { DOWNLOAD_PATH } from "@/lib/devices/downloads";
import type { MobilePlatform } from "@/lib/devices/user-agent";
import styles from "@/components/devices/clients.module.css";

export const APP_BANNER_DISMISSED_KEY = "app_banner_dismissed";
const SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

export function MobileAppBanner({ platform }: { platform: MobilePlatform }) {
  const t = useTranslations("clients.banner");
  const tp = useTranslations("clients.platforms");
  const [show, setShow] = useState(false);

  useEffect(() => {
    const record = readJson<{ at?: number }>(APP_BANNER_DISMISSED_KEY);
    setShow(!(typeof record?.at === "number" && Date.now() - record.at < SNOOZE_MS));
  }, []);

  if (!show) return null;
  const dismiss = () => {
    writeJson(APP_BANNER_DISMISSED_KEY, { at: Date.now() });
    setShow(false);
  };

  return (
    <div className={styles.banner} role="region" aria-label={t("title", { platform: tp(platform) })} data-testid="app-banner" data-platform={platform}>
      <span className={styles.bannerText}>{t("title", { platform: tp(platform) })}</span>
      <Link href={DOWNLOAD_PATH} className={`${ui.btn} ${ui.small} ${ui.primary} ${styles.bannerLink}`} data-testid="app-banner-get">
        {t("get")}
      </Link>
      <button type="button" className={ui.iconBtn} onClick={dismiss} aria-label={t("dismiss")} title={t("dismiss")} data-testid="app-banner-dismiss">
        <IconClose size={14} />
      </button>
    </div>
  );
}
