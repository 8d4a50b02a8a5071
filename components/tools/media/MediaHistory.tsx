"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ProcessedFiles } from "./ProcessedFiles";
import { useMediaFiles } from "./useMediaFiles";
import styles from "./media.module.css";

/** /tools/media: every processed file of this visitor (or account), with links to both tools. */
export function MediaHistory() {
  const t = useTranslations("mediatools");
  const { items, reload } = useMediaFiles();
  return (
    <div className={styles.stack}>
      <nav className={styles.rowActions}>
        <Link className="btn btn-secondary" href="/tools/online-video-to-audio-converter">{t("extract.title")}</Link>
        <Link className="btn btn-secondary" href="/tools/online-audio-compressor">{t("compress.title")}</Link>
      </nav>
      <ProcessedFiles items={items} reload={reload} />
    </div>
  );
}
