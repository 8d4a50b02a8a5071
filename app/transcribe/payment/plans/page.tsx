import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlansPage } from "@/components/billing/PlansPage";
import { listPlans } from "@/lib/billing/plan-list";
import { requestEdition } from "@/lib/tools/request-edition";

// /transcribe/payment/plans (screens and routes; docs/billing.md): public and server-rendered, in the edition's currency.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("plans.title"), description: t("plans.description") };
}

export default async function Page() {
  return <PlansPage initial={listPlans(await requestEdition(), null)} />;
}
