"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { STORAGE_KEYS, readItem, writeItem } from "@/lib/client/storage";

// The upload compliance notice (screens and routes, entity fields `compliance_shown`): shown once, in the upload dialog
// before the first upload. It does not block: once it has been on screen (dismissed, or the dialog
// closed after showing it) it is marked shown in local storage and never comes back.
export function UploadComplianceNotice() {
  const t = useTranslations("verify.compliance");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readItem(STORAGE_KEYS.complianceShown)) return;
    setVisible(true);
    return () => writeItem(STORAGE_KEYS.complianceShown, "1");
  }, []);

  if (!visible) return null;
  return (
    <div className="alert alert-info" role="note" data-testid="upload-compliance-notice">
      <strong>{t("title")}</strong>
      <p>{t("body")}</p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          writeItem(STORAGE_KEYS.complianceShown, "1");
          setVisible(false);
        }}
        data-testid="upload-compliance-accept"
      >
        {t("accept")}
      </button>
    </div>
  );
}
