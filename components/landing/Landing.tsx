// The landing page a visitor sees at /transcribe/ (issue 25), rendered on the server: what the
// product does, the ways in, an illustration of the task screen (drawn in HTML/CSS), the plans
// (the same plan data as the plans page, in the edition's currency) and sign-in.
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import theme from "@/components/ui/theme.module.css";
import { formatPrice } from "@/lib/billing/plans";
import type { PlansAnswer } from "@/lib/billing/plan-list";
import { LOGIN_PATH, PLANS_PATH, TOOLS_PATH } from "@/lib/client/routes";
import styles from "./landing.module.css";

const WAYS = [
  { key: "upload", icon: "♪" },
  { key: "documents", icon: "¶" },
  { key: "paste", icon: "≡" },
  { key: "links", icon: "↗" },
  { key: "meetings", icon: "◉" },
] as const;

export async function Landing({ plans, china }: { plans: PlansAnswer; china: boolean }) {
  const [t, tp, tc, locale] = await Promise.all([getTranslations("landing"), getTranslations("payments.plans"), getTranslations("common"), getLocale()]);
  return (
    <div className={`${theme.theme} ${styles.page}`} data-testid="landing" data-edition={china ? "china" : "international"}>
      <header className={styles.bar}>
        <Link href="/transcribe/" className={styles.brand}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>{tc("app.name")}</span>
        </Link>
        <span className={styles.spacer} />
        <Link href={PLANS_PATH} className={styles.navLink} data-testid="landing-plans">
          {t("nav.plans")}
        </Link>
        <LanguageSwitcher className={styles.lang} />
        <Link href={LOGIN_PATH} className={styles.signIn} data-testid="landing-signin">
          {t("nav.signIn")}
        </Link>
      </header>

      <main>
        <section className={styles.hero}>
          <div className={styles.heroText}>
            <h1>{t("hero.title")}</h1>
            <p className={styles.lead}>{t("hero.lead")}</p>
            <div className={styles.ctas}>
              <Link href={LOGIN_PATH} className={styles.primary} data-testid="landing-start">
                {t("hero.start")}
              </Link>
              <Link href={PLANS_PATH} className={styles.secondary}>
                {t("hero.plans")}
              </Link>
            </div>
          </div>
          <figure className={styles.demo} aria-label={t("demo.caption")}>
            <div className={styles.demoTabs} aria-hidden="true">
              <span className={styles.demoTabOn}>{t("demo.tabTranscript")}</span>
              <span>{t("demo.tabSummary")}</span>
              <span>{t("demo.tabMindMap")}</span>
            </div>
            <ol className={styles.demoLines}>
              {(["line1", "line2", "line3"] as const).map((line, i) => (
                <li key={line}>
                  <span className={i % 2 ? styles.spkB : styles.spkA}>{t(i % 2 ? "demo.speakerB" : "demo.speakerA")}</span>
                  <time>{`00:0${i * 4}:1${i}`}</time>
                  <p>{t(`demo.${line}`)}</p>
                </li>
              ))}
            </ol>
            <div className={styles.demoTimeline} aria-hidden="true">
              <span style={{ left: "2%", width: "30%" }} className={styles.segA} />
              <span style={{ left: "34%", width: "38%" }} className={styles.segB} />
              <span style={{ left: "74%", width: "24%" }} className={styles.segA} />
            </div>
            <div className={styles.demoSummary}>
              <strong>{t("demo.summaryTitle")}</strong>
              <ul>
                <li>{t("demo.summary1")}</li>
                <li>{t("demo.summary2")}</li>
              </ul>
            </div>
            <figcaption>{t("demo.caption")}</figcaption>
          </figure>
        </section>

        <section className={styles.section} aria-labelledby="landing-ways">
          <h2 id="landing-ways">{t("ways.title")}</h2>
          <ul className={styles.ways} data-testid="landing-ways">
            {WAYS.map((w) => (
              <li key={w.key}>
                <span className={styles.icon} aria-hidden="true">
                  {w.icon}
                </span>
                <h3>{t(`ways.${w.key}`)}</h3>
                <p>{t(`ways.${w.key}Body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="landing-pricing" data-testid="landing-pricing" data-currency={plans.currency}>
          <h2 id="landing-pricing">{t("pricing.title")}</h2>
          <p className={styles.sectionLead}>{t("pricing.lead")}</p>
          <ul className={styles.plans}>
            {plans.plans.map((plan) => (
              <li key={plan.code} data-testid={`landing-plan-${plan.code}`}>
                <h3>{tp(`names.${plan.code}`)}</h3>
                <p className={styles.price} data-testid={`landing-price-${plan.code}`}>
                  {plan.price ? t("pricing.perMonth", { price: formatPrice(plan.price.month, plans.currency, locale) }) : plan.code === "free" ? t("pricing.free") : t("pricing.custom")}
                </p>
                <p>{t("pricing.minutes", { minutes: plan.monthlyMinutes })}</p>
                <p className={styles.muted}>{tp(`processing.${plan.processing}`)}</p>
              </li>
            ))}
          </ul>
          <Link href={PLANS_PATH} className={styles.secondary} data-testid="landing-all-plans">
            {t("pricing.all")}
          </Link>
        </section>
      </main>

      <footer className={styles.footer}>
        <span>{tc("app.name")}</span>
        <Link href={TOOLS_PATH}>{t("footer.tools")}</Link>
        <Link href={PLANS_PATH}>{t("nav.plans")}</Link>
        <Link href={LOGIN_PATH}>{t("nav.signIn")}</Link>
      </footer>
    </div>
  );
}
