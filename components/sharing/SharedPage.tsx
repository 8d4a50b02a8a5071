// The public share page (roles and permissions share-link viewer): title, summary and mind map,
// nothing else. A server component fed by lib/sharing's narrow shared view. Its links into the
// app are plain ones: the app loads anew with all its messages (this page carries only its own).
import { getFormatter, getTranslations } from "next-intl/server";
import { MarkdownView } from "@/components/analysis/MarkdownView";
import { MindMapView } from "@/components/analysis/MindMapView";
import theme from "@/components/ui/theme.module.css";
import ui from "@/components/ui/ui.module.css";
import type { SharePageResult } from "@/lib/sharing/share-page";
import styles from "@/components/sharing/share.module.css";

export async function SharedPage({ result }: { result: SharePageResult }) {
  const t = await getTranslations("share.page");
  const tc = await getTranslations("common");
  const terr = await getTranslations("errors");
  const format = await getFormatter();
  const app = tc("app.name");

  if (!result.ok) {
    return (
      <main className={`${theme.theme} ${styles.page}`} data-testid="share-page" data-state="unavailable" data-error={result.error}>
        <div className={styles.unavailable}>
          <h1 className={styles.pageTitle}>{t("unavailable")}</h1>
          <p className={`${ui.alert} ${ui.warn}`} role="alert" data-testid="share-unavailable">
            {terr(result.error)}
          </p>
          <a className={`${ui.btn} ${ui.primary}`} href="/transcribe/">
            {t("tryApp")}
          </a>
        </div>
      </main>
    );
  }

  const { view } = result;
  const date = new Date(`${view.date}T00:00:00Z`);
  return (
    <main className={`${theme.theme} ${styles.page}`} data-testid="share-page" data-state="shared" lang={view.language ?? undefined}>
      <div className={styles.pageInner}>
        <header className={styles.pageHead}>
          <p className={styles.kicker}>{t("label")}</p>
          <h1 className={styles.pageTitle} data-testid="share-title">
            {view.title}
          </h1>
          {Number.isNaN(date.getTime()) ? null : <p className={styles.muted}>{t("sharedOn", { date: format.dateTime(date, { dateStyle: "long", timeZone: "UTC" }) })}</p>}
        </header>
        <section className={styles.card} aria-labelledby="share-summary-title">
          <h2 className={styles.cardTitle} id="share-summary-title">
            {t("summary")}
          </h2>
          <MarkdownView markdown={view.summary} testId="share-summary" />
        </section>
        <section className={styles.card} aria-labelledby="share-mindmap-title" data-testid="share-mindmap">
          <h2 className={styles.cardTitle} id="share-mindmap-title">
            {t("mindmap")}
          </h2>
          <MindMapView root={view.mindMap} />
        </section>
        <footer className={styles.footer}>
          <span>{t("madeWith", { app })}</span>
          <a href="/transcribe/">{t("tryApp")}</a>
        </footer>
      </div>
    </main>
  );
}
