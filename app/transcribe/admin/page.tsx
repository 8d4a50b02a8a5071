import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { QueueDashboardLauncher } from "@/components/ops/QueueDashboardLauncher";

// /transcribe/admin: the way into the queue dashboard for admins (docs/operations.md).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ops.dashboard");
  return { title: t("title"), robots: { index: false } };
}

export default function Page() {
  return <QueueDashboardLauncher />;
}
