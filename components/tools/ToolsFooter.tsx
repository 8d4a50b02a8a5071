import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { HOME_PATH } from "@/lib/client/routes";
import { localizedToolsPath } from "@/lib/tools/pages";
import styles from "./tools.module.css";

/** Footer of every tools page: the tools and the app, in crawlable links. */
export function ToolsFooter({ china }: { china: boolean }) {
  const t = useTranslations("tools");
  const locale = useLocale();
  const href = (path: string) => localizedToolsPath(path, locale);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerCols}>
        <div>
          <p className={styles.footerHead}>{t("footer.tools")}</p>
          {!china && <Link href={href("/tools/online-youtube-video-transcript")}>{t("nav.transcript")}</Link>}
          <Link href={href("/tools/online-video-to-audio-converter")}>{t("nav.videoToAudio")}</Link>
          <Link href={href("/tools/online-audio-compressor")}>{t("nav.compressor")}</Link>
          <Link href={href("/tools/media")}>{t("nav.media")}</Link>
        </div>
        <div>
          <p className={styles.footerHead}>{t("footer.app")}</p>
          <Link href={HOME_PATH}>{t("nav.audioToText")}</Link>
          <Link href={HOME_PATH}>{t("nav.summarizer")}</Link>
        </div>
      </div>
      <p className={styles.footerNote}>{t("footer.note")}</p>
    </footer>
  );
}
