"use client";
// Redeems a promo code (screens and routes promo code dialog, error catalogue Promo): the server's refusal
// (does not exist, inactive, expired, already used, limit reached) shows under the box,
// and the typed code stays so it can be corrected.
import { useId, useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { rewardsApi, type PromoRedeemed } from "@/lib/rewards/rewards.client";
import { toast } from "@/lib/client/toasts";
import styles from "./rewards.module.css";

export function PromoCodeForm({ onRedeemed }: { onRedeemed: (r: PromoRedeemed) => void }) {
  const t = useTranslations("rewards.promo");
  const format = useFormatter();
  const inputId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PromoRedeemed | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    // "Code required" is the server's message too; saying it here spares a request.
    if (!code.trim()) return setError(t("required"));
    setBusy(true);
    setError(null);
    try {
      const r = await rewardsApi.redeemPromo(code.trim());
      setDone(r);
      setCode("");
      toast.success(t("redeemed", { minutes: format.number(r.minutes) }));
      onRedeemed(r);
    } catch (err) {
      setError(errorMessage(err, t("failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate data-testid="promo-form">
      <h3 className={styles.heading}>
        <label htmlFor={inputId}>{t("title")}</label>
      </h3>
      <p className={styles.intro}>{t("intro")}</p>
      <div className={styles.row}>
        <input
          id={inputId}
          className={`${ui.field} ${styles.code}`}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          placeholder={t("placeholder")}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          data-testid="promo-input"
        />
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy} data-testid="promo-submit">
          {busy ? t("redeeming") : t("redeem")}
        </button>
      </div>
      {error ? (
        <span id={`${inputId}-error`} className={styles.error} role="alert" data-testid="promo-error">
          {error}
        </span>
      ) : null}
      {done ? (
        <span className={styles.success} role="status" data-testid="promo-success">
          {t("redeemed", { minutes: format.number(done.minutes) })}
        </span>
      ) : null}
    </form>
  );
}
