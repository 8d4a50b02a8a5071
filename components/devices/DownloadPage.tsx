"use client";
// /transcribe/download: the desktop and mobile clients (product scope), this device's first.
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { DESKTOP_PLATFORMS, MOBILE_PLATFORMS, type ClientDownloads, type ClientPlatform } from "@/lib/devices/downloads";
import { useDeviceInfo } from "@/lib/devices/use-user-agent";
import { desktopPlatformOf, mobilePlatformOf } from "@/lib/devices/user-agent";
import { ClientPage } from "@/components/devices/ClientPage";
import styles from "@/components/devices/clients.module.css";

function PlatformCard({ platform, url, current }: { platform: ClientPlatform; url: string | null; current: boolean }) {
  const t = useTranslations("clients.download");
  const tp = useTranslations("clients.platforms");
  return (
    <div className={styles.card} data-current={current} data-testid={`download-${platform}`}>
      {current ? <span className={styles.badge}>{t("thisDevice")}</span> : null}
      <span className={styles.cardName}>{tp(platform)}</span>
      <span className={styles.unavailable}>{t(`requirements.${platform}`)}</span>
      {url ? (
        <a className={`${ui.btn} ${current ? ui.primary : ""}`} href={url} rel="noopener noreferrer" data-testid={`download-${platform}-link`}>
          {t("get")}
        </a>
      ) : (
        <span className={styles.unavailable}>{t("unavailable")}</span>
      )}
    </div>
  );
}

export function DownloadPage({ downloads }: { downloads: ClientDownloads }) {
  const t = useTranslations("clients.download");
  const device = useDeviceInfo();
  const current = device ? (mobilePlatformOf(device.userAgent, device.maxTouchPoints) ?? desktopPlatformOf(device.userAgent, device.maxTouchPoints)) : null;
  return (
    <ClientPage testId="download-page" back={t("back")} title={t("title")} intro={t("intro")}>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("desktop")}</h2>
        <div className={styles.cards}>
          {DESKTOP_PLATFORMS.map((p) => (
            <PlatformCard key={p} platform={p} url={downloads[p]} current={current === p} />
          ))}
        </div>
      </section>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("mobile")}</h2>
        <div className={styles.cards}>
          {MOBILE_PLATFORMS.map((p) => (
            <PlatformCard key={p} platform={p} url={downloads[p]} current={current === p} />
          ))}
        </div>
      </section>
    </ClientPage>
  );
}
