import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentSuccess } from "@/components/payments/PaymentResult";

// /transcribe/payment/success (spec §2; docs/billing.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("result.processing.title") };
}

export default function Page() {
  return <PaymentSuccess />;
}
