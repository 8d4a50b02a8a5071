import type { Metadata } from "next";
import dynamic from "next/dynamic";
import { getTranslations } from "next-intl/server";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { HOME_PATH } from "@/lib/client/routes";

const CallbackScreen = dynamic(() => import("./CallbackScreen"), { loading: () => <CentredLoader /> });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("title"), robots: { index: false } };
}

export default async function CallbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : null);
  // A login link carries ?token=; Google comes back with ?code=&state= or ?error= (docs/auth.md "Google sign-in").
  const google = { code: one(q.code), state: one(q.state), error: one(q.error) };
  return <CallbackScreen token={one(q.token)} google={google} defaultReturn={HOME_PATH} />;
}
