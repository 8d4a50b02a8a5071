import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { HOME_PATH } from "@/lib/client/routes";
import { CHINA_HIDDEN_PAGES, localizedToolsPath, toolPagePath, type ToolPage } from "@/lib/tools/pages";
import styles from "@/components/tools/tools.module.css";

const TOOLS: ToolPage[] = ["online-youtube-video-transcript", "online-video-to-audio-converter", "online-audio-compressor", "media"];

/** The tools index (screens and routes); unknown /tools/* paths show it too. */
export function ToolsIndex({ china }: { china: boolean }) {
  const t = useTranslations("tools.index");
  const locale = useLocale();
  const tools = TOOLS.filter((p) => !(china && CHINA_HIDDEN_PAGES.includes(p)));
  return (
    <div data-testid="tools-index">
      <section className={styles.hero}>
        <h1>{t("heading")}</h1>
        <p>{t("intro")}</p>
      </section>
      <div className={styles.grid}>
        {tools.map((p) => (
          <Link key={p} href={localizedToolsPath(toolPagePath(p), locale)} className={`card ${styles.toolCard}`} data-testid={`tools-card-${p}`}>
            <span className={styles.toolCardTag}>{t("free")}</span>
            <h2>{t(`cards.${p}.title`)}</h2>
            <p>{t(`cards.${p}.description`)}</p>
          </Link>
        ))}
      </div>
      <h2 className={styles.sectionTitle}>{t("appHeading")}</h2>
      <div className={styles.grid}>
        <Link href={HOME_PATH} className={`card ${styles.toolCard}`} data-testid="tools-entry-audio-to-text">
          <h2>{t("audioToText.title")}</h2>
          <p>{t("audioToText.description")}</p>
        </Link>
        <Link href={HOME_PATH} className={`card ${styles.toolCard}`} data-testid="tools-entry-summarizer">
          <h2>{t("summarizer.title")}</h2>
          <p>{t("summarizer.description")}</p>
        </Link>
      </div>
    </div>
  );
}
