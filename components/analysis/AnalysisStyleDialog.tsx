"use client";
// The analysis style dialog (screens and routes, entity fields "Custom style"): whether every new
// summary follows the user's style, its length, what to focus on, and free
// instructions for an AI provider.
import { LocaleOptions } from "@/components/shell/LocaleOptions";
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { Switch } from "@/components/ui/Switch";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { lengthPreferences, type LengthPreference, type SummaryStyle } from "@/lib/analysis/types";
import { analysisApi } from "@/lib/analysis/analysis.client";
import { api } from "@/lib/client/api";
import { fetchUser, useAuth } from "@/lib/client/auth";
import { toast } from "@/lib/client/toasts";
import styles from "./style-dialog.module.css";

// The server's limits (lib/analysis/analysis.schema.ts summaryStyleBody).
export const FOCUS_MAX = 200;
export const INSTRUCTIONS_MAX = 2000;

export interface AnalysisStyleDialogProps {
  onClose: () => void;
  onSaved?: (style: SummaryStyle) => void;
}

export function AnalysisStyleDialog({ onClose, onSaved }: AnalysisStyleDialogProps) {
  const t = useTranslations("hotwords.style");
  const [style, setStyle] = useState<SummaryStyle | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // The AI summary language is a user preference ("" = the interface language), saved with the style.
  const { user } = useAuth();
  // The user object reports the interface language when none was chosen; showing that as a choice
  // would pin the summaries to it on save, so they would stay English after switching to Chinese.
  const [summaryLanguage, setSummaryLanguage] = useState(user?.summary_language && user.summary_language !== user.ui_language ? user.summary_language : "");

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setStyle(await analysisApi.getStyle());
    } catch (e) {
      setLoadError(e);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (patch: Partial<SummaryStyle>) => setStyle((cur) => (cur ? { ...cur, ...patch } : cur));

  const save = async () => {
    if (!style || saving) return;
    setSaving(true);
    try {
      const [saved] = await Promise.all([
        analysisApi.saveStyle({ ...style, focusArea: style.focusArea.trim(), customInstructions: style.customInstructions.trim() }),
        api.put("/api/auth/user/preferences", { summary_language: summaryLanguage || null }),
      ]);
      await fetchUser().catch(() => undefined);
      toast.success(t("saved"));
      onSaved?.(saved);
      onClose();
    } catch (e) {
      toast.error(errorMessage(e, t("saveFailed")));
      setSaving(false);
    }
  };

  const footer = (
    <>
      <button type="button" className={ui.btn} onClick={onClose} disabled={saving} data-testid="style-cancel">
        {t("cancel")}
      </button>
      <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void save()} disabled={!style || saving} data-testid="style-save">
        {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
        {t("save")}
      </button>
    </>
  );

  return (
    <Modal title={t("title")} onClose={onClose} footer={footer} testId="style-dialog" dismissable={!saving}>
      {style ? (
        <>
          <SummaryLanguage value={summaryLanguage} onChange={setSummaryLanguage} disabled={saving} />
          <StyleForm style={style} onChange={change} disabled={saving} />
        </>
      ) : loadError ? (
        <div className={styles.state} role="alert" data-testid="style-load-error">
          <span>{errorMessage(loadError, t("loadFailed"))}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void load()}>
            {t("retry")}
          </button>
        </div>
      ) : (
        <div className={styles.state} role="status" data-testid="style-loading">
          <span className={ui.spinner} aria-hidden="true" />
          {t("loading")}
        </div>
      )}
    </Modal>
  );
}

interface StyleFormProps {
  style: SummaryStyle;
  onChange: (patch: Partial<SummaryStyle>) => void;
  disabled: boolean;
}

function StyleForm({ style, onChange, disabled }: StyleFormProps) {
  const t = useTranslations("hotwords.style");
  const id = useId();
  return (
    <div className={styles.form}>
      <p className={styles.intro}>{t("intro")}</p>
      <Switch checked={style.enabled} onChange={(enabled) => onChange({ enabled })} label={t("enabled")} description={t("enabledHint")} disabled={disabled} testId="style-enabled" />

      {/* Editable while off too, so a style can be prepared before switching it on. */}
      <fieldset className={styles.fields} disabled={disabled} data-active={style.enabled}>
        <div className={styles.field}>
          <span className={ui.label} id={`${id}-length`}>
            {t("length")}
          </span>
          <div className={styles.segments} role="radiogroup" aria-labelledby={`${id}-length`} onKeyDown={(e) => moveLength(e, style.lengthPreference, onChange)}>
            {lengthPreferences.map((length) => (
              <button
                key={length}
                type="button"
                role="radio"
                aria-checked={style.lengthPreference === length}
                tabIndex={style.lengthPreference === length ? 0 : -1}
                className={styles.segment}
                onClick={() => onChange({ lengthPreference: length })}
                data-testid={`style-length-${length}`}
              >
                {t(`lengths.${length}`)}
              </button>
            ))}
          </div>
        </div>

        <div className={styles.field}>
          <label className={ui.label} htmlFor={`${id}-focus`}>
            {t("focus")}
          </label>
          <input
            id={`${id}-focus`}
            className={ui.field}
            value={style.focusArea}
            onChange={(e) => onChange({ focusArea: e.target.value })}
            maxLength={FOCUS_MAX}
            placeholder={t("focusPlaceholder")}
            data-testid="style-focus"
          />
          <Counter count={style.focusArea.length} max={FOCUS_MAX} />
        </div>

        <div className={styles.field}>
          <label className={ui.label} htmlFor={`${id}-instructions`}>
            {t("instructions")}
          </label>
          <textarea
            id={`${id}-instructions`}
            className={`${ui.field} ${styles.textarea}`}
            value={style.customInstructions}
            onChange={(e) => onChange({ customInstructions: e.target.value })}
            maxLength={INSTRUCTIONS_MAX}
            placeholder={t("instructionsPlaceholder")}
            rows={5}
            data-testid="style-instructions"
          />
          <Counter count={style.customInstructions.length} max={INSTRUCTIONS_MAX} testId="style-instructions-count" />
        </div>
        <p className={styles.note} data-testid="style-engine-note">
          {t("engineNote")}
        </p>
      </fieldset>
    </div>
  );
}

/** Arrow keys move the choice, as in any radio group. */
function moveLength(e: KeyboardEvent<HTMLDivElement>, current: LengthPreference, onChange: (patch: Partial<SummaryStyle>) => void) {
  const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
  if (!step) return;
  e.preventDefault();
  const next = lengthPreferences[(lengthPreferences.indexOf(current) + step + lengthPreferences.length) % lengthPreferences.length]!;
  onChange({ lengthPreference: next });
  e.currentTarget.querySelector<HTMLButtonElement>(`[data-testid="style-length-${next}"]`)?.focus();
}

function Counter({ count, max, testId }: { count: number; max: number; testId?: string }) {
  const t = useTranslations("hotwords.style");
  return (
    <span className={styles.counter} data-near-limit={count > max * 0.9} data-testid={testId}>
      {t("counter", { count, max })}
    </span>
  );
}

function SummaryLanguage({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled: boolean }) {
  const t = useTranslations("hotwords.style");
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={ui.label} htmlFor={id}>
        {t("summaryLanguage")}
      </label>
      <select id={id} className={ui.field} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} data-testid="style-summary-language">
        <option value="">{t("summaryLanguageSame")}</option>
        <LocaleOptions />
      </select>
    </div>
  );
}
