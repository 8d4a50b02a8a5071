import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SharedPage } from "@/components/sharing/SharedPage";
import { SHOW_PATH, tokenFromSegment } from "@/lib/sharing/share-link";
import { loadSharePage, sharePageMetadata } from "@/lib/sharing/share-page";

// The spec's /show/:date/:title and /show/:title in one route (Next cannot hold two
// differently named dynamic segments side by side):
//   /transcribe/show/<date>/<slug>-<token>   the canonical share URL
//   /transcribe/show/<token>                 the one-segment form
// Only the token in the last segment counts; the date and the slug are decoration.
type Props = { params: Promise<{ parts: string[] }> };

function tokenOf(parts: string[]): string | null {
  return parts.length === 1 || parts.length === 2 ? tokenFromSegment(parts.at(-1)) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { parts } = await params;
  const result = await loadSharePage(tokenOf(parts));
  const [t, terr, tc] = await Promise.all([getTranslations("share.page"), getTranslations("errors"), getTranslations("common")]);
  return sharePageMetadata(result, `${SHOW_PATH}/${parts.join("/")}`, { unavailable: t("unavailable"), errorMessage: result.ok ? "" : terr(result.error), appName: tc("app.name") });
}

export default async function ShowPage({ params }: Props) {
  const { parts } = await params;
  return <SharedPage result={await loadSharePage(tokenOf(parts))} />;
}
