import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentCancel } from "@/components/billing/PaymentResult";

// /transcribe/payment/cancel (screens and routes; docs/billing.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("result.cancel.title") };
}

export default function Page() {
  return <PaymentCancel />;
}
