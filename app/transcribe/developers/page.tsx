// /transcribe/developers: the public API's reference (Swagger UI over /api/v1/openapi.json), open to anyone.
// Swagger UI's files come from our own server (./assets); its scripts carry the page's CSP nonce (proxy.ts).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import "swagger-ui-dist/swagger-ui.css";
import styles from "./developers.module.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.developers");
  return { title: t("title"), description: t("intro") };
}

const START = `window.addEventListener("load",function(){window.ui=SwaggerUIBundle({url:"/api/v1/openapi.json",dom_id:"#swagger",deepLinking:true,tryItOutEnabled:false});});`;

export default async function DevelopersPage() {
  const [t, h] = await Promise.all([getTranslations("webhooks.developers"), headers()]);
  const nonce = /'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1];
  return (
    <main className={styles.page} data-testid="developers-page">
      <header className={styles.head}>
        <h1>{t("title")}</h1>
        <p>{t("intro")}</p>
        <p>
          <a href="/api/v1/openapi.json">openapi.json</a>
        </p>
      </header>
      <div id="swagger" className={styles.reference} data-testid="developers-reference">
        <p>{t("loading")}</p>
      </div>
      <script nonce={nonce} defer src="/transcribe/developers/assets/swagger-ui-bundle.js" />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START }} />
    </main>
  );
}
