"use client";

import { useTranslations } from "next-intl";
import type { ComplianceAnswer } from "@/lib/verify/verify.schema";

// The region access notice (product scope): the address belongs to an account of the other edition, and an
// account signs in only on its own edition (docs/auth.md "Editions keep accounts apart"): go there.
export function RegionNotice({ email, answer }: { email: string; answer: ComplianceAnswer }) {
  const t = useTranslations("verify.region");
  const edition = t(answer.registered_edition === "china" ? "china" : "international");
  return (
    <div className="alert alert-info" role="alert" data-testid="region-notice">
      <strong>{t("title")}</strong>
      <p style={{ margin: answer.suggested_url ? "6px 0 10px" : "6px 0 0", overflowWrap: "anywhere" }}>{t("body", { email, edition })}</p>
      {answer.suggested_url && (
        <a className="btn btn-primary" href={answer.suggested_url} rel="noopener" data-testid="region-notice-go">
          {t("go", { edition })}
        </a>
      )}
    </div>
  );
}
