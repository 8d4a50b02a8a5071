import { useTranslations } from "next-intl";
import styles from "./shell.module.css";

/** The centred loader shown while a screen loads (screens and routes: screens load lazily with a centred loader). */
export function CentredLoader({ label, fullScreen = true }: { label?: string; fullScreen?: boolean }) {
  const t = useTranslations("common");
  const text = label ?? t("loading");
  return (
    <div className={fullScreen ? styles.loaderFull : styles.loaderInline} role="status" aria-live="polite" data-testid="centred-loader">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.loaderText}>{text}</span>
    </div>
  );
}

export default CentredLoader;
