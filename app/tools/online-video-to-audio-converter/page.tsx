import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MediaTool } from "@/components/tools/media/MediaTool";
import { ToolFacts } from "@/components/tools/media/ToolFacts";
import { toolPageMetadata } from "@/lib/tools/seo";
import styles from "@/components/tools/media/media.module.css";

export function generateMetadata(): Promise<Metadata> {
  return toolPageMetadata("online-video-to-audio-converter");
}

export default async function VideoToAudioPage() {
  const t = await getTranslations("mediatools");
  return (
    <main className={styles.page} data-testid="page-video-to-audio">
      <header className={styles.hero}>
        <h1>{t("extract.title")}</h1>
        <p>{t("extract.intro")}</p>
      </header>
      <MediaTool tool="extract" />
      <ToolFacts tool="extract" />
    </main>
  );
}
