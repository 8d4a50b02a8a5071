"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useIsChinaEdition } from "@/lib/edition/edition.client";
import { HOME_PATH } from "@/lib/client/routes";
import { CHINA_HIDDEN_PAGES, toolPagePath, type ToolPage } from "@/lib/tools/pages";
import { useToolsHref } from "./links";
import styles from "./tools.module.css";

/** The tools in the header, in order; the app's own entries lead into the main app. */
const NAV: { page: ToolPage; label: string }[] = [
  { page: "online-youtube-video-transcript", label: "transcript" },
  { page: "online-video-to-audio-converter", label: "videoToAudio" },
  { page: "online-audio-compressor", label: "compressor" },
  { page: "media", label: "media" },
];

export function ToolsNav({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const t = useTranslations("tools.nav");
  const pathname = usePathname() ?? "";
  const china = useIsChinaEdition();
  const href = useToolsHref();
  const items = NAV.filter((n) => !(china && CHINA_HIDDEN_PAGES.includes(n.page)));
  return (
    <nav className={vertical ? styles.navVertical : styles.nav} aria-label={t("label")}>
      {items.map((n) => {
        const path = toolPagePath(n.page);
        const active = pathname.replace(/\/$/, "") === path;
        return (
          <Link key={n.page} href={href(path)} className={active ? styles.navActive : styles.navLink} aria-current={active ? "page" : undefined} onClick={onNavigate} data-testid={`tools-nav-${n.page}`}>
            {t(n.label)}
          </Link>
        );
      })}
      <Link href={HOME_PATH} className={styles.navLink} onClick={onNavigate} data-testid="tools-nav-app">
        {t("audioToText")}
      </Link>
    </nav>
  );
}
