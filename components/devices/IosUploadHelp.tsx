// The iOS help page for uploads (screens and routes): Safari on iPhone and iPad picks files
// through the Files app and the photo library, so each common source gets its steps.
import { useTranslations } from "next-intl";
import { ClientPage } from "@/components/devices/ClientPage";
import styles from "@/components/devices/clients.module.css";

const SECTIONS = [
  { id: "memos", steps: ["step1", "step2", "step3"] },
  { id: "photos", steps: ["step1", "step2"] },
  { id: "apps", steps: ["step1", "step2"] },
] as const;

export function IosUploadHelp() {
  const t = useTranslations("clients.iosHelp");
  return (
    <ClientPage testId="ios-help" back={t("back")} title={t("title")} intro={t("intro")}>
      {SECTIONS.map((section) => (
        <section key={section.id} className={styles.section} data-testid={`ios-help-${section.id}`}>
          <h2 className={styles.sectionTitle}>{t(`${section.id}.title`)}</h2>
          <ol className={styles.steps}>
            {section.steps.map((step) => (
              <li key={step}>{t(`${section.id}.${step}`)}</li>
            ))}
          </ol>
        </section>
      ))}
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("tips.title")}</h2>
        <div className={styles.tips}>
          <ul>
            <li>{t("tips.foreground")}</li>
            <li>{t("tips.formats")}</li>
            <li>{t("tips.merge")}</li>
          </ul>
        </div>
      </section>
    </ClientPage>
  );
}
