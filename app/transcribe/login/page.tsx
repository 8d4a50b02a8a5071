import type { Metadata } from "next";
import dynamic from "next/dynamic";
import { getTranslations } from "next-intl/server";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { loginMethods } from "@/lib/auth/login-methods";
import { requestEdition } from "@/lib/tools/request-edition";

const LoginScreen = dynamic(() => import("./LoginScreen"), { loading: () => <CentredLoader /> });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("title") };
}

/** The ways in are decided here, on the server, from this host's edition and settings: the page shows only those. */
export default async function LoginPage() {
  return <LoginScreen methods={loginMethods(await requestEdition())} />;
}
