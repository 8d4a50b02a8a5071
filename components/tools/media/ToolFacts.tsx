import { getTranslations } from "next-intl/server";
import styles from "./media.module.css";

const FEATURES = ["f1", "f2", "f3", "f4"] as const;
const FAQ = ["q1", "q2", "q3", "q4"] as const;

/** The feature list and FAQ under a tool (server-rendered, so search engines read them). */
export async function ToolFacts({ tool }: { tool: "extract" | "compress" }) {
  const t = await getTranslations(`mediatools.${tool}`);
  return (
    <section className={`card ${styles.faq}`} data-testid="media-facts">
      <h2 className={styles.h2}>{t("features.title")}</h2>
      <ul data-testid="media-features">
        {FEATURES.map((k) => (
          <li key={k}>{t(`features.${k}`)}</li>
        ))}
      </ul>
      <h2 className={styles.h2}>{t("faq.title")}</h2>
      <div data-testid="media-faq">
        {FAQ.map((k) => (
          <div key={k}>
            <h3>{t(`faq.${k}.q`)}</h3>
            <p>{t(`faq.${k}.a`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
