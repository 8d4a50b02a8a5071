// /transcribe/: the app for signed-in users, the landing page for visitors (components/landing/HomeGate).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { HomeGate } from "@/components/landing/HomeGate";
import { Landing } from "@/components/landing/Landing";
import styles from "@/components/landing/landing.module.css";
import { listPlans } from "@/lib/billing/plan-list";
import { landingMetadata } from "@/lib/landing/seo";
import { requestEdition } from "@/lib/tools/request-edition";

export async function generateMetadata(): Promise<Metadata> {
  return landingMetadata(await getLocale());
}

// Runs while the page is parsed, before it paints: a stored token (STORAGE_KEYS.token of
// lib/client/storage.ts, a client module whose values a server component cannot read) means a signed-in user.
const MARK_SESSION = `try{if(localStorage.getItem("auth:token"))document.currentScript.parentElement.setAttribute("data-session","1")}catch(e){}`;

export default async function TranscribePage() {
  const [edition, h] = await Promise.all([requestEdition(), headers()]);
  // The page's CSP nonce (proxy.ts) lets the inline script run.
  const nonce = /'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1];
  return (
    <div className={styles.gate} suppressHydrationWarning>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_SESSION }} />
      <HomeGate landing={<Landing plans={listPlans(edition, null)} china={edition === "china"} />} />
    </div>
  );
}
