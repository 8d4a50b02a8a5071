import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentCancel } from "@/components/payments/PaymentResult";

// /transcribe/payment/cancel (spec §2; docs/billing.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payments");
  return { title: t("result.cancel.title") };
}

export default function Page() {
  return <PaymentCancel />;
}
