import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MediaHistory } from "@/components/tools/media/MediaHistory";
import { toolPageMetadata } from "@/lib/tools/seo";
import styles from "@/components/tools/media/media.module.css";

export function generateMetadata(): Promise<Metadata> {
  return toolPageMetadata("media");
}

export default async function MediaFilesPage() {
  const t = await getTranslations("mediatools");
  return (
    <main className={styles.page} data-testid="page-media">
      <header className={styles.hero}>
        <h1>{t("media.title")}</h1>
        <p>{t("media.intro")}</p>
      </header>
      <MediaHistory />
    </main>
  );
}
