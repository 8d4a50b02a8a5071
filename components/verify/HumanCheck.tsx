"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { HumanCheck as HumanCheckState } from "@/lib/verify/human-check.client";
import styles from "./HumanCheck.module.css";

// The human-verification widget of the sign-in forms (screens and routes). With ALTCHA it shows the
// proof-of-work running in the browser and then "Verified"; with Turnstile it renders
// Cloudflare's widget. The state lives in useHumanCheck (lib/verify/human-check.client.ts).

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}

let turnstileLoading: Promise<TurnstileApi> | null = null;
function loadTurnstile(): Promise<TurnstileApi> {
  const w = window as unknown as { turnstile?: TurnstileApi };
  if (w.turnstile) return Promise.resolve(w.turnstile);
  turnstileLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (w.turnstile ? resolve(w.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      turnstileLoading = null;
      reject(new Error("turnstile script failed"));
    };
    document.head.appendChild(script);
  });
  return turnstileLoading;
}

function TurnstileWidget({ check }: { check: HumanCheckState }) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const { siteKey, setTurnstileToken, turnstileRound } = check;

  useEffect(() => {
    if (!siteKey || !box.current) return;
    let cancelled = false;
    loadTurnstile()
      .then((ts) => {
        if (cancelled || !box.current) return;
        widgetId.current = ts.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => setTurnstileToken(token),
          "expired-callback": () => setTurnstileToken(null),
          "error-callback": () => setTurnstileToken(null),
        });
      })
      .catch(() => setTurnstileToken(null));
    return () => {
      cancelled = true;
      const ts = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (ts && widgetId.current) ts.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, setTurnstileToken]);

  // A taken token is spent: ask Cloudflare for the next one.
  useEffect(() => {
    const ts = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
    if (turnstileRound > 0 && ts && widgetId.current) ts.reset(widgetId.current);
  }, [turnstileRound]);

  return <div ref={box} data-testid="human-check-turnstile" />;
}

export function HumanCheck({ check }: { check: HumanCheckState }) {
  const t = useTranslations("verify.widget");
  if (check.siteKey) {
    return (
      <div data-testid="human-check" data-state={check.status} data-provider="turnstile">
        <TurnstileWidget check={check} />
      </div>
    );
  }
  const { status } = check;
  const markClass = status === "verified" ? styles.done : status === "error" ? styles.failed : styles.busy;
  const text = status === "verified" ? t("verified") : status === "error" ? t("error") : status === "solving" ? t("solving") : t("loading");
  return (
    <div className={styles.box} role="group" aria-label={t("label")} data-testid="human-check" data-state={status} data-provider="altcha">
      <span className={`${styles.mark} ${markClass}`} aria-hidden="true">
        {status === "verified" ? "✓" : status === "error" ? "!" : ""}
      </span>
      <span className={styles.text}>
        <span className={styles.label} role="status" aria-live="polite" data-testid="human-check-text">
          {text}
        </span>
        <span className={styles.hint}>{t("privacy")}</span>
      </span>
      {status === "error" && (
        <button type="button" className={`btn btn-secondary ${styles.retry}`} onClick={check.retry} data-testid="human-check-retry">
          {t("retry")}
        </button>
      )}
    </div>
  );
}
