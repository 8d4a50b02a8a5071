import Link from "next/link";
import { useTranslations } from "next-intl";

/** Logo and product name, linking to the app home. */
export function Brand({ className, href = "/transcribe/" }: { className?: string; href?: string }) {
  const t = useTranslations("common");
  return (
    <Link href={href} className={className} data-testid="brand">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/logo.svg" alt="" width={30} height={30} />
      <span>{t("app.name")}</span>
    </Link>
  );
}
