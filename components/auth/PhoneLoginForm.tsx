"use client";

// Phone code login of the China edition (screens and routes, validation rules, API contract; docs/auth.md "China edition and phone login"):
// +86 number, "get code" with a 60 s countdown (the server enforces the same wait), the code, the terms
// agreement (its modal opens when unticked), and the human check. The server talks to the SMS proxy;
// the browser ends with POST /api/auth/phone {accesstoken, device_id, referral_code}.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { HumanCheck } from "@/components/verify/HumanCheck";
import { PHONE_RESEND_SECONDS, parseMainlandPhone } from "@/lib/auth/phone.schema";
import { api, isApiError } from "@/lib/client/api";
import { getDeviceId, type SignInResponse } from "@/lib/client/auth";
import { useHumanCheck } from "@/lib/verify/human-check.client";
import { STORAGE_KEYS, readItem } from "@/lib/client/storage";
import { TermsAgreement } from "./TermsAgreement";
import { TermsModal } from "./TermsModal";
import styles from "./phone-login.module.css";

const CODE_RE = /^\d{4,8}$/;

/** Seconds until `until` (epoch ms), ticking once a second while positive. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function PhoneLoginForm({ onSignedIn }: { onSignedIn: (res: SignInResponse) => void }) {
  const t = useTranslations("phone.login");
  const human = useHumanCheck();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [agreed, setAgreed] = useState(false);
  // What to do once the terms modal is accepted ("read" only shows them).
  const [termsFor, setTermsFor] = useState<"send" | "login" | "read" | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "login" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown(resendAt);

  const messageOf = (err: unknown, fallback: string) => (isApiError(err) && err.message ? err.message : fallback);

  async function sendCode(termsOk = agreed) {
    const number = parseMainlandPhone(phone);
    if (!number) return setError(t("invalidPhone"));
    setError(null);
    if (!termsOk) return setTermsFor("send");
    setBusy("send");
    try {
      const turnstileToken = await human.takeToken();
      const res = await api.post<{ phone: string; resend_after: number }>("/api/auth/phone/send-code", { phone: number, terms_accepted: true, turnstile_token: turnstileToken }, { authRedirect: false });
      setSentTo(res.phone);
      setResendAt(Date.now() + (res.resend_after || PHONE_RESEND_SECONDS) * 1000);
    } catch (err) {
      setError(messageOf(err, t("sendFailed")));
      // The server's 60 s wait: count down what it says is left.
      const seconds = isApiError(err) && err.key === "phone.resendWait" ? Number(/(\d+)/.exec(err.message ?? "")?.[1] ?? 0) : 0;
      if (seconds > 0 && seconds <= PHONE_RESEND_SECONDS) setResendAt(Date.now() + seconds * 1000);
    } finally {
      setBusy(null);
    }
  }

  async function login(e?: FormEvent, termsOk = agreed) {
    e?.preventDefault();
    const number = parseMainlandPhone(phone);
    if (!number) return setError(t("invalidPhone"));
    if (!CODE_RE.test(code.trim())) return setError(t("invalidCode"));
    setError(null);
    if (!termsOk) return setTermsFor("login");
    setBusy("login");
    try {
      const { accesstoken } = await api.post<{ accesstoken: string }>("/api/auth/phone/code-login", { phone: number, code: code.trim() }, { authRedirect: false });
      const referral = readItem(STORAGE_KEYS.referralCode);
      const res = await api.post<SignInResponse>("/api/auth/phone", { accesstoken, device_id: getDeviceId(), ...(referral ? { referral_code: referral } : {}) }, { authRedirect: false });
      onSignedIn(res);
    } catch (err) {
      setError(messageOf(err, t("loginFailed")));
      setBusy(null);
    }
  }

  function acceptTerms() {
    const next = termsFor;
    setAgreed(true);
    setTermsFor(null);
    if (next === "send") void sendCode(true);
    if (next === "login") void login(undefined, true);
  }

  return (
    <>
      <div>
        <h1 className={styles.title}>{t("title")}</h1>
      </div>
      <p className={styles.subtitle}>{t("subtitle")}</p>
      <form onSubmit={login} noValidate className={styles.form} data-testid="phone-login-form">
        <label className="field">
          <span className="field-label">{t("phoneLabel")}</span>
          <span className={styles.phoneRow}>
            <span className={styles.prefix} aria-hidden="true">
              +86
            </span>
            <input
              className="input"
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="numeric"
              maxLength={20}
              placeholder={t("phonePlaceholder")}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              aria-invalid={error === t("invalidPhone") ? true : undefined}
              data-testid="phone-input"
            />
          </span>
        </label>
        <label className="field">
          <span className="field-label">{t("codeLabel")}</span>
          <span className={styles.codeRow}>
            <input
              className="input"
              type="text"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              placeholder={t("codePlaceholder")}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              data-testid="phone-code-input"
            />
            <button type="button" className={`btn btn-secondary ${styles.codeButton}`} onClick={() => void sendCode()} disabled={busy !== null || wait > 0} data-testid="phone-send-code" data-wait={wait}>
              {busy === "send" ? t("sending") : wait > 0 ? t("resendIn", { seconds: wait }) : sentTo ? t("resend") : t("getCode")}
            </button>
          </span>
        </label>
        {sentTo && !error && (
          <p className="alert alert-success" role="status" data-testid="phone-code-sent">
            {t("codeSent", { phone: `${sentTo.slice(0, 3)}****${sentTo.slice(7)}` })}
          </p>
        )}
        <HumanCheck check={human} />
        <TermsAgreement agreed={agreed} onChange={setAgreed} onRead={() => setTermsFor("read")} />
        {error && (
          <p className="alert alert-error" role="alert" data-testid="phone-login-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null} data-testid="phone-login-submit">
          {busy === "login" ? t("signingIn") : t("submit")}
        </button>
      </form>
      {termsFor && <TermsModal onAccept={acceptTerms} onDecline={() => setTermsFor(null)} />}
    </>
  );
}
