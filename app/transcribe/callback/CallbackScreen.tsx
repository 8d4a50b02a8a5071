"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { api, isApiError } from "@/lib/client/api";
import { getDeviceId, getToken, saveSession, takeReturnUrl, type SignInResponse } from "@/lib/client/auth";
import { LOGIN_PATH } from "@/lib/client/routes";
import { STORAGE_KEYS, processedCodeKey, readItem, readJson, removeItem, safeReturnPath, writeJson } from "@/lib/client/storage";
import { Brand } from "@/components/shell/Brand";
import styles from "../auth.module.css";

type Reason = "missingToken" | "linkExpired" | "linkInvalid" | "linkUsed" | "serverDeploying" | "failed" | "googleCancelled";
type State = { phase: "verifying" } | { phase: "success" } | { phase: "error"; reason: Reason; message?: string };

/** The auth:{code} flag (entity fields, states and transitions): a code being or already processed is not posted again. */
interface ProcessedFlag {
  state: "pending" | "done";
  at: number;
}
/** A pending flag older than this belongs to a run that died (the request times out after 15 s). */
const PENDING_STALE_MS = 20_000;

function reasonOf(err: unknown): { reason: Reason; message?: string } {
  if (!isApiError(err)) return { reason: "failed" };
  switch (err.key) {
    case "auth.linkExpired":
      return { reason: "linkExpired" };
    case "auth.linkInvalid":
      return { reason: "linkInvalid" };
    case "auth.linkUsed":
      return { reason: "linkUsed" };
    case "auth.serverDeploying":
      return { reason: "serverDeploying" };
  }
  // 503 (and the gateway errors or a vanished route while a new version rolls out) mean "being updated".
  const status = err.status ?? err.code;
  if ([0, 404, 502, 503, 504].includes(status)) return { reason: "serverDeploying" };
  if (err.key === "common.invalidInput") return { reason: "linkInvalid" };
  return { reason: "failed", message: err.message };
}

/** Google's answer on the callback address (docs/auth.md "Google sign-in"): a code and our state, or an error. */
export interface GoogleReturn {
  code: string | null;
  state: string | null;
  error: string | null;
}

/**
 * Sign-in callback (screens and routes, states and transitions): exchanges the login link's `token`, or Google's `code`, for a
 * session, then goes to the return URL. Shared by /transcribe/callback and /tools/callback.
 */
export default function CallbackScreen({ token, google, defaultReturn }: { token: string | null; google?: GoogleReturn; defaultReturn: string }) {
  const t = useTranslations("auth.callback");
  const ts = useTranslations("signin");
  const router = useRouter();
  const code = token ? null : (google?.code ?? null);
  const [state, setState] = useState<State>(() =>
    token || code ? { phase: "verifying" } : { phase: "error", reason: google?.error ? "googleCancelled" : "missingToken" },
  );
  const [attempt, setAttempt] = useState(0);
  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const finish = useCallback(
    (serverReturn?: string | null) => {
      const target = safeReturnPath(serverReturn) ?? takeReturnUrl(defaultReturn);
      removeItem(STORAGE_KEYS.returnUrl);
      router.replace(target);
    },
    [router, defaultReturn],
  );

  useEffect(() => {
    const secret = token ?? code;
    if (!secret) return;
    const flagKey = processedCodeKey(secret);

    const run = () => {
      const flag = readJson<ProcessedFlag>(flagKey);
      if (flag) {
        if (flag.state === "done") {
          // Processed before (a refresh after signing in): do not post it again.
          if (getToken()) {
            setState({ phase: "success" });
            finish(null);
          } else setState({ phase: "error", reason: "linkUsed" });
          return;
        }
        const age = Date.now() - flag.at;
        if (age >= 0 && age < PENDING_STALE_MS) {
          // Another run (another tab, or React's development double effect) is on it: look again later.
          recheck.current = setTimeout(run, PENDING_STALE_MS - age + 100);
          return;
        }
      }
      writeJson(flagKey, { state: "pending", at: Date.now() } satisfies ProcessedFlag);
      setState({ phase: "verifying" });
      const referral = readItem(STORAGE_KEYS.referralCode);
      const common = { device_id: getDeviceId(), ...(referral ? { referral_code: referral } : {}) };
      // Google's code goes to the web variant with the human check's token taken on the login page (it counts once).
      const human = readItem(STORAGE_KEYS.turnstileToken);
      if (code) removeItem(STORAGE_KEYS.turnstileToken);
      const [path, body] = code
        ? ["/api/auth/google/web", { ...common, code, state: google?.state ?? undefined, turnstile_token: human ?? "" }]
        : ["/api/auth/email/verify", { ...common, access_token: token }];
      api
        .post<SignInResponse>(path, body, { authRedirect: false, updateOverlay: false })
        .then((res) => {
          writeJson(flagKey, { state: "done", at: Date.now() } satisfies ProcessedFlag);
          saveSession(res);
          setState({ phase: "success" });
          finish(res.return_url);
        })
        .catch((err: unknown) => {
          // Failed: drop the flag so that the link can be tried again.
          removeItem(flagKey);
          const r = reasonOf(err);
          // The link's wording does not fit a Google code: the server's message, or the generic Google one.
          const social = { reason: "failed" as const, message: isApiError(err) && err.message ? err.message : undefined };
          setState({ phase: "error", ...(code && r.reason !== "serverDeploying" ? social : r) });
        });
    };

    run();
    return () => clearTimeout(recheck.current);
  }, [token, code, google?.state, attempt, finish]);

  // A Google code cannot be posted twice usefully (its human check is spent): it starts again at the login page.
  const retryable = !code && state.phase === "error" && (state.reason === "serverDeploying" || state.reason === "failed");
  const text =
    state.phase === "verifying"
      ? code
        ? ts("verifying")
        : t("verifying")
      : state.phase === "success"
        ? t("success")
        : state.reason === "googleCancelled"
          ? ts("cancelled")
          : state.reason === "failed" && state.message
            ? state.message
            : code && state.reason === "failed"
              ? ts("providerError")
              : t(state.reason);

  return (
    <main className={styles.page}>
      <header className={styles.topbar}>
        <Brand className={styles.brand} />
      </header>
      <section className={`card ${styles.panel}`}>
        <div className={styles.status} data-testid="callback-status" data-state={state.phase} data-reason={state.phase === "error" ? state.reason : undefined} role={state.phase === "error" ? "alert" : "status"}>
          {state.phase === "verifying" ? (
            <span className={styles.spinner} aria-hidden="true" />
          ) : (
            <span className={styles.statusIcon} data-kind={state.phase} aria-hidden="true">
              {state.phase === "success" ? "✓" : "!"}
            </span>
          )}
          <p className={styles.statusText} data-testid="callback-message">
            {text}
          </p>
          {state.phase === "error" && (
            <div className={styles.actions}>
              {retryable && (
                <button type="button" className="btn btn-primary btn-block" onClick={() => setAttempt((n) => n + 1)} data-testid="callback-retry">
                  {t("retry")}
                </button>
              )}
              <button type="button" className={`btn ${retryable ? "btn-secondary" : "btn-primary"} btn-block`} onClick={() => router.replace(LOGIN_PATH)} data-testid="callback-login">
                {code || google?.error ? ts("startAgain") : t("backToLogin")}
              </button>
            </div>
          )}
        </div>
      </section>
    </main>
  );
}
