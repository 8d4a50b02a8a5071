import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MediaTool } from "@/components/tools/media/MediaTool";
import { ToolFacts } from "@/components/tools/media/ToolFacts";
import { toolPageMetadata } from "@/lib/tools/seo";
import styles from "@/components/tools/media/media.module.css";

export function generateMetadata(): Promise<Metadata> {
  return toolPageMetadata("online-audio-compressor");
}

export default async function AudioCompressorPage() {
  const t = await getTranslations("mediatools");
  return (
    <main className={styles.page} data-testid="page-audio-compressor">
      <header className={styles.hero}>
        <h1>{t("compress.title")}</h1>
        <p>{t("compress.intro")}</p>
      </header>
      <MediaTool tool="compress" />
      <ToolFacts tool="compress" />
    </main>
  );
}
