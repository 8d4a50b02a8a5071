import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DownloadPage } from "@/components/devices/DownloadPage";
import { clientDownloads } from "@/components/devices/downloads";

// /transcribe/download: desktop and mobile clients (docs/devices.md). Read per request: the links are configuration.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clients.download");
  return { title: t("title") };
}

export default function Page() {
  return <DownloadPage downloads={clientDownloads()} />;
}
