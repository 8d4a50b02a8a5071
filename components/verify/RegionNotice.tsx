"use client";

import { useTranslations } from "next-intl";
import type { ComplianceAnswer } from "@/lib/verify/verify.schema";

// The region access notice (spec §1): the address belongs to an account of the other edition.
// Advice, not a wall: the person may still continue on this edition.
export function RegionNotice({ email, answer, onContinue }: { email: string; answer: ComplianceAnswer; onContinue: () => void }) {
  const t = useTranslations("verify.region");
  const edition = t(answer.registered_edition === "china" ? "china" : "international");
  return (
    <div className="alert alert-info" role="alert" data-testid="region-notice">
      <strong>{t("title")}</strong>
      <p>{t("body", { email, edition })}</p>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {answer.suggested_url && (
          <a className="btn btn-primary" href={answer.suggested_url} rel="noopener" data-testid="region-notice-go">
            {t("go", { edition })}
          </a>
        )}
        <button type="button" className="btn btn-secondary" onClick={onContinue} data-testid="region-notice-continue">
          {t("continue")}
        </button>
      </div>
    </div>
  );
}
