import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IosUploadHelp } from "@/components/clients/IosUploadHelp";

// /transcribe/ios-help: how to upload from iPhone and iPad (spec §2; linked from the upload dialog on iOS).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clients.iosHelp");
  return { title: t("title") };
}

export default function Page() {
  return <IosUploadHelp />;
}
