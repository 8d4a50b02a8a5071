"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { isToolsPath } from "@/lib/client/routes";
import { STORAGE_KEYS, readItem, safeReturnPath } from "@/lib/client/storage";
import styles from "./GoogleSignIn.module.css";

/**
 * "Continue with Google" (screens and routes, API contract; docs/auth.md "Google sign-in"), rendered when the server
 * offers it (the login page's `methods.google`). The human check's token is taken first (stored as
 * auth:turnstileToken for the callback page), then the browser goes to the provider through
 * /api/auth/google/authorize.
 */
export function GoogleSignIn({ takeToken, disabled }: { takeToken: () => Promise<string>; disabled?: boolean }) {
  const t = useTranslations("signin");
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    setLeaving(true);
    const token = await takeToken().catch(() => "");
    if (!token) {
      setError(t("humanCheckFirst"));
      setLeaving(false);
      return;
    }
    // The callback page lives beside the page the sign-in was started for (screens and routes).
    const returnUrl = safeReturnPath(readItem(STORAGE_KEYS.returnUrl));
    const origin = returnUrl && isToolsPath(returnUrl.split("?")[0]!) ? "tools" : "transcribe";
    // A full navigation: the route answers with a redirect to the provider, another site.
    window.location.assign(new URL(`/api/auth/google/authorize?origin=${origin}`, window.location.origin).href);
  }

  return (
    <div className={styles.wrap}>
      <button type="button" className={`btn btn-secondary btn-block ${styles.button}`} onClick={start} disabled={disabled || leaving} data-testid="google-login">
        <svg className={styles.logo} viewBox="0 0 48 48" aria-hidden="true">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
          <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        <span>{leaving ? t("redirecting") : t("continueWithGoogle")}</span>
      </button>
      {error && (
        <p className="alert alert-error" role="alert" data-testid="google-login-error">
          {error}
        </p>
      )}
      <div className={styles.divider}>{t("orEmail")}</div>
    </div>
  );
}
