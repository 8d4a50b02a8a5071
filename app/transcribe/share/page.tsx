import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SharedPage } from "@/components/sharing/SharedPage";
import { SHARE_PAGE_PATH, tokenFromSegment } from "@/lib/sharing/share-link";
import { loadSharePage, sharePageMetadata } from "@/lib/sharing/share-page";

// /transcribe/share?token=<token>: the spec's share page.
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function tokenOf(searchParams: Props["searchParams"]): Promise<string | null> {
  const value = (await searchParams).token;
  return tokenFromSegment(typeof value === "string" ? value : null);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const token = await tokenOf(searchParams);
  const result = await loadSharePage(token);
  const [t, terr, tc] = await Promise.all([getTranslations("share.page"), getTranslations("errors"), getTranslations("common")]);
  return sharePageMetadata(result, token ? `${SHARE_PAGE_PATH}?token=${token}` : SHARE_PAGE_PATH, {
    unavailable: t("unavailable"),
    errorMessage: result.ok ? "" : terr(result.error),
    appName: tc("app.name"),
  });
}

export default async function SharePage({ searchParams }: Props) {
  return <SharedPage result={await loadSharePage(await tokenOf(searchParams))} />;
}
