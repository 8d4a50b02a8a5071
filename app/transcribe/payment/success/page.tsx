import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentSuccess } from "@/components/billing/PaymentResult";

// /transcribe/payment/success (screens and routes; docs/billing.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("result.processing.title") };
}

export default function Page() {
  return <PaymentSuccess />;
}
