import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IosUploadHelp } from "@/components/devices/IosUploadHelp";

// /transcribe/ios-help: how to upload from iPhone and iPad (screens and routes; linked from the upload dialog on iOS).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clients.iosHelp");
  return { title: t("title") };
}

export default function Page() {
  return <IosUploadHelp />;
}
