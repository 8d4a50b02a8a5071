import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlansPage } from "@/components/payments/PlansPage";

// /transcribe/payment/plans (spec §2; docs/billing.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("plans.title") };
}

export default function Page() {
  return <PlansPage />;
}
