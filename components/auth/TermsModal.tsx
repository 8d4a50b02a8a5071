"use client";

// The terms agreement modal of the China edition (screens and routes, validation rules "terms accepted (China)"): sign-in
// cannot start until the user agrees to the User Agreement and the Privacy Policy. Opened by the
// phone form when its agreement box is unticked (or from the agreement's names, to read them).
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import theme from "@/components/ui/theme.module.css";
import styles from "./phone-login.module.css";

const SECTIONS = ["service", "account", "privacy", "rights"] as const;

export function TermsModal({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  const t = useTranslations("phone.terms");
  // The modal's colours come from the app theme, which the login page does not otherwise load.
  return (
    <div className={theme.theme}>
      <Modal
      title={t("title")}
      onClose={onDecline}
      testId="terms-modal"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onDecline} data-testid="terms-decline">
            {t("decline")}
          </button>
          <button type="button" className="btn btn-primary" onClick={onAccept} data-testid="terms-accept" data-autofocus>
            {t("accept")}
          </button>
        </>
      }
    >
      <p className={styles.termsIntro}>{t("intro")}</p>
      <div className={styles.termsBody} tabIndex={0} data-testid="terms-body">
        {SECTIONS.map((s) => (
          <section key={s}>
            <h3 className={styles.termsHeading}>{t(`${s}.title`)}</h3>
            <p className={styles.termsText}>{t(`${s}.text`)}</p>
          </section>
        ))}
      </div>
      </Modal>
    </div>
  );
}
