import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./transcribe/auth.module.css";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <main className={styles.page}>
      <div className={`card ${styles.panel}`} data-testid="not-found">
        <div className={styles.bigCode} aria-hidden="true">
          404
        </div>
        <h1 className={styles.title}>{t("notFound.title")}</h1>
        <p className={styles.subtitle}>{t("notFound.description")}</p>
        <Link href="/transcribe/" className="btn btn-primary btn-block" data-testid="not-found-home">
          {t("notFound.home")}
        </Link>
      </div>
    </main>
  );
}
