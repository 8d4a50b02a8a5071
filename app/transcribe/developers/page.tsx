// /transcribe/developers: the public API's reference (Swagger UI over /api/v1/openapi.json), open to anyone.
// Swagger UI's files come from our own server (./assets); SwaggerReference starts it in the browser.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import "swagger-ui-dist/swagger-ui.css";
import styles from "./developers.module.css";
import { SwaggerReference } from "./SwaggerReference";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.developers");
  return { title: t("title"), description: t("intro") };
}

export default async function DevelopersPage() {
  const t = await getTranslations("webhooks.developers");
  return (
    <main className={styles.page} data-testid="developers-page">
      <header className={styles.head}>
        <h1>{t("title")}</h1>
        <p>{t("intro")}</p>
        <p>
          <a href="/api/v1/openapi.json">openapi.json</a>
        </p>
      </header>
      <div className={styles.reference} data-testid="developers-reference">
        <SwaggerReference loading={t("loading")} failed={t("loadFailed")} />
      </div>
    </main>
  );
}
