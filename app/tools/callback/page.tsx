import type { Metadata } from "next";
import dynamic from "next/dynamic";
import { getTranslations } from "next-intl/server";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { TOOLS_PATH } from "@/lib/client/routes";

const CallbackScreen = dynamic(() => import("@/app/transcribe/callback/CallbackScreen"), { loading: () => <CentredLoader /> });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("title"), robots: { index: false } };
}

export default async function ToolsCallbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return <CallbackScreen token={typeof token === "string" && token ? token : null} defaultReturn={TOOLS_PATH} />;
}
