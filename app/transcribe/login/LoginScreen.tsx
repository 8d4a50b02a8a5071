"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { api, isApiError } from "@/lib/client/api";
import { getDeviceId, saveSession, takeReturnUrl, useAuth, type SignInResponse } from "@/lib/client/auth";
import { HOME_PATH, isToolsPath } from "@/lib/client/routes";
import { STORAGE_KEYS, readItem, safeReturnPath } from "@/lib/client/storage";
import { sharedCountIn } from "@/lib/pwa/share-store";
import { Brand } from "@/components/shell/Brand";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import { PhoneLoginForm } from "@/components/auth/PhoneLoginForm";
import { GoogleSignIn } from "@/components/auth/GoogleSignIn";
import { TermsAgreement } from "@/components/auth/TermsAgreement";
import { TermsModal } from "@/components/auth/TermsModal";
import { useIsChinaEdition } from "@/lib/edition/edition.client";
import type { LoginMethods } from "@/lib/auth/auth.schema";
import { HumanCheck } from "@/components/verify/HumanCheck";
import { RegionNotice } from "@/components/verify/RegionNotice";
import { useHumanCheck } from "@/lib/verify/human-check.client";
import type { ComplianceAnswer } from "@/lib/verify/verify.schema";
import styles from "../auth.module.css";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login screen (screens and routes): the ways in the server says this host offers (`methods`, from the page's
 * server render: lib/auth/login-methods.ts), so nothing unconfigured is shown and nothing is tried
 * to find out. Phone code (China edition with an SMS proxy), else the email one-time link (on the
 * China edition behind the terms agreement), Google, and the development login.
 */
export default function LoginScreen({ methods }: { methods: LoginMethods }) {
  const t = useTranslations("auth.login");
  const router = useRouter();
  const { status } = useAuth();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [devBusy, setDevBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  // A file shared into the app waits for this sign-in (docs/devices.md "Share into the app"): say so.
  const [sharedWaiting, setSharedWaiting] = useState(false);
  useEffect(() => {
    const back = safeReturnPath(readItem(STORAGE_KEYS.returnUrl));
    setSharedWaiting(Boolean(back && sharedCountIn(back) > 0));
  }, []);
  // The China edition signs in only behind the terms agreement (docs/auth.md "China edition and phone login").
  const china = useIsChinaEdition();
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, setTermsOpen] = useState<"send" | "read" | null>(null);
  // Human verification (lib/verify/human-check.client.ts) and the region access notice (compliance check).
  const human = useHumanCheck();
  const [regionNotice, setRegionNotice] = useState<{ email: string; answer: ComplianceAnswer } | null>(null);

  // Already signed in: go to the app.
  useEffect(() => {
    if (status === "authenticated" && !signedIn) router.replace(HOME_PATH);
  }, [status, signedIn, router]);

  async function sendLink(e?: FormEvent, termsOk = agreed) {
    e?.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setError(t("invalidEmail"));
      return;
    }
    setError(null);
    if (china && !termsOk) {
      setTermsOpen("send");
      return;
    }
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
        ...(china ? { terms_accepted: true } : {}),
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
  if (status === "loading") return <CentredLoader />;

  return (
    <main className={styles.page}>
      <header className={styles.topbar}>
        <Brand className={styles.brand} />
        <LanguageSwitcher />
      </header>

      <section className={`card ${styles.panel}`} data-testid="login-panel">
        {sharedWaiting && !signedIn ? (
          <p className={`alert alert-info ${styles.sharedNote}`} role="status" data-testid="login-shared-note">
            {t("sharedWaiting")}
          </p>
        ) : null}
        {status === "authenticated" || signedIn ? (
          <div className={styles.status} data-testid="login-redirecting">
            <span className={styles.spinner} aria-hidden="true" />
            <p className={styles.statusText}>{signedIn ? t("signingIn") : t("alreadySignedIn")}</p>
          </div>
        ) : methods.phone ? (
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
            {methods.google && <GoogleSignIn takeToken={human.takeToken} disabled={sending || devBusy} />}

            {methods.email && (
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
                {china && <TermsAgreement agreed={agreed} onChange={setAgreed} onRead={() => setTermsOpen("read")} />}
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
            )}

            {methods.dev && (
              <>
                {methods.email && <div className={styles.divider}>{t("or")}</div>}
                <button type="button" className="btn btn-secondary btn-block" onClick={devLogin} disabled={devBusy || sending} data-testid="dev-login">
                  {devBusy ? t("signingIn") : t("devLogin")}
                </button>
                <p className={styles.hint}>{t("devLoginHint")}</p>
              </>
            )}
          </>
        )}
      </section>
      {termsOpen && (
        <TermsModal
          onAccept={() => {
            const next = termsOpen;
            setAgreed(true);
            setTermsOpen(null);
            if (next === "send") void sendLink(undefined, true);
          }}
          onDecline={() => setTermsOpen(null)}
        />
      )}
    </main>
  );
}
