import type { Metadata } from "next";
import dynamic from "next/dynamic";
import { getTranslations } from "next-intl/server";
import { CentredLoader } from "@/components/shell/CentredLoader";

const LoginScreen = dynamic(() => import("./LoginScreen"), { loading: () => <CentredLoader /> });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("title") };
}

export default function LoginPage() {
  return <LoginScreen />;
}
