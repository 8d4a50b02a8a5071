"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { api, isApiError } from "@/lib/client/api";
import { getDeviceId, saveSession, takeReturnUrl, useAuth, type SignInResponse } from "@/lib/client/auth";
import { HOME_PATH, isToolsPath } from "@/lib/client/routes";
import { STORAGE_KEYS, readItem, safeReturnPath } from "@/lib/client/storage";
import { Brand } from "@/components/shell/Brand";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import { PhoneLoginForm } from "@/components/auth/PhoneLoginForm";
import { GoogleSignIn, useGoogleSignInOffered } from "@/components/auth/GoogleSignIn";
import { useIsChinaEdition } from "@/lib/client/edition";
import { HumanCheck } from "@/components/verify/HumanCheck";
import { RegionNotice } from "@/components/verify/RegionNotice";
import { useHumanCheck } from "@/lib/client/human-check";
import type { ComplianceAnswer } from "@/lib/verify/verify.schema";
import styles from "../auth.module.css";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login screen (spec §2): email one-time login link and, when configured, the development login. */
export default function LoginScreen() {
  const t = useTranslations("auth.login");
  const router = useRouter();
  const { status } = useAuth();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [devEnabled, setDevEnabled] = useState(false);
  const [devBusy, setDevBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // The China edition signs in by phone code, behind the terms agreement (docs/auth.md "China edition and phone login").
  const china = useIsChinaEdition();
  // Human verification (lib/client/human-check.ts) and the region access notice (compliance check).
  const human = useHumanCheck();
  // The China edition signs in by phone only: no Google button, no question about it.
  const googleOffered = useGoogleSignInOffered(!china);
  const [regionNotice, setRegionNotice] = useState<{ email: string; answer: ComplianceAnswer } | null>(null);

  // Already signed in: go to the app.
  useEffect(() => {
    if (status === "authenticated" && !signedIn) router.replace(HOME_PATH);
  }, [status, signedIn, router]);

  // The development login button only when the server says it is configured.
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ enabled: boolean }>("/api/auth/dev", undefined, { signal: controller.signal, authRedirect: false, updateOverlay: false })
      .then((d) => setDevEnabled(Boolean(d?.enabled)))
      .catch(() => setDevEnabled(false));
    return () => controller.abort();
  }, []);

  async function sendLink(e?: FormEvent) {
    e?.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setError(t("invalidEmail"));
      return;
    }
    setError(null);
    setRegionNotice(null);
    setSending(true);
    try {
      // An address of the other edition is sent there: its account cannot sign in on this edition.
      const answer = await api.post<ComplianceAnswer>("/api/auth/compliance-check", { email: value }).catch(() => null);
      if (answer && !answer.compliant) {
        setRegionNotice({ email: value, answer });
        return;
      }
      const humanToken = await human.takeToken();
      const returnUrl = safeReturnPath(readItem(STORAGE_KEYS.returnUrl));
      const referral = readItem(STORAGE_KEYS.referralCode);
      await api.post("/api/auth/email/send", {
        email: value,
        origin: returnUrl && isToolsPath(returnUrl.split("?")[0]!) ? "tools" : "transcribe",
        ...(returnUrl ? { return_url: returnUrl } : {}),
        ...(referral ? { referral_code: referral } : {}),
        turnstile_token: humanToken,
      });
      setSentTo(value);
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : t("sendFailed"));
    } finally {
      setSending(false);
    }
  }

  async function devLogin() {
    setError(null);
    setDevBusy(true);
    try {
      const res = await api.post<SignInResponse>("/api/auth/dev", { device_id: getDeviceId() }, { authRedirect: false });
      setSignedIn(true);
      saveSession(res);
      router.replace(takeReturnUrl(HOME_PATH));
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : t("devLoginFailed"));
      setDevBusy(false);
    }
  }

  // The email form shows once the Google button's place is known: nothing moves under the pointer after.
  if (status === "loading" || googleOffered === null) return <CentredLoader />;

  return (
    <main className={styles.page}>
      <header className={styles.topbar}>
        <Brand className={styles.brand} />
        <LanguageSwitcher />
      </header>

      <section className={`card ${styles.panel}`} data-testid="login-panel">
        {status === "authenticated" || signedIn ? (
          <div className={styles.status} data-testid="login-redirecting">
            <span className={styles.spinner} aria-hidden="true" />
            <p className={styles.statusText}>{signedIn ? t("signingIn") : t("alreadySignedIn")}</p>
          </div>
        ) : china ? (
          <PhoneLoginForm
            onSignedIn={(res) => {
              setSignedIn(true);
              saveSession(res);
              router.replace(takeReturnUrl(HOME_PATH));
            }}
          />
        ) : sentTo ? (
          <div className={styles.sent} data-testid="login-link-sent" role="status">
            <div className={styles.sentIcon} aria-hidden="true">
              ✉
            </div>
            <h1 className={styles.title}>{t("title")}</h1>
            <p className="alert alert-success" data-testid="login-sent-message">
              {t("linkSent", { email: sentTo })}
            </p>
            <p className={styles.hint}>{t("linkSentHint")}</p>
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => {
                setSentTo(null);
                setError(null);
              }}
              data-testid="login-resend"
            >
              {t("resend")}
            </button>
          </div>
        ) : (
          <>
            <div>
              <h1 className={styles.title}>{t("title")}</h1>
            </div>
            <p className={styles.subtitle}>{t("subtitle")}</p>
            {googleOffered && <GoogleSignIn takeToken={human.takeToken} disabled={sending || devBusy} />}

            <form className={styles.form} onSubmit={sendLink} noValidate data-testid="login-form">
              <label className="field">
                <span className="field-label">{t("emailLabel")}</span>
                <input
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  placeholder={t("emailPlaceholder")}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  required
                  data-testid="login-email"
                />
              </label>
              <HumanCheck check={human} />
              {regionNotice && (
                <RegionNotice email={regionNotice.email} answer={regionNotice.answer} />
              )}
              {error && (
                <p className="alert alert-error" role="alert" data-testid="login-error">
                  {error}
                </p>
              )}
              <button type="submit" className="btn btn-primary btn-block" disabled={sending || devBusy} data-testid="login-submit">
                {sending ? t("sending") : t("submit")}
              </button>
            </form>

            {devEnabled && (
              <>
                <div className={styles.divider}>{t("or")}</div>
                <button type="button" className="btn btn-secondary btn-block" onClick={devLogin} disabled={devBusy || sending} data-testid="dev-login">
                  {devBusy ? t("signingIn") : t("devLogin")}
                </button>
                <p className={styles.hint}>{t("devLoginHint")}</p>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}
