"use client";

import { useTranslations } from "next-intl";
import styles from "./phone-login.module.css";

/**
 * "I have read and agree to the User Agreement and Privacy Policy" (China edition sign-in, by phone
 * or by email link): the tick box, and the two names that open the terms (TermsModal).
 */
export function TermsAgreement({ agreed, onChange, onRead }: { agreed: boolean; onChange: (agreed: boolean) => void; onRead: () => void }) {
  const t = useTranslations("phone.login");
  return (
    <label className={styles.agree}>
      <input type="checkbox" checked={agreed} onChange={(e) => onChange(e.target.checked)} data-testid="terms-checkbox" />
      <span>
        {t("agree")}{" "}
        <button type="button" className={styles.linkButton} onClick={onRead} data-testid="terms-open">
          {t("userAgreement")}
        </button>{" "}
        {t("and")}{" "}
        <button type="button" className={styles.linkButton} onClick={onRead}>
          {t("privacyPolicy")}
        </button>
      </span>
    </label>
  );
}
