"use client";
// The voice profiles section of the account panel (desktop and phone): each
// profile with the recordings it appears in; rename, merge into another, and
// delete (its stored voice data goes for good). Free users see the upgrade prompt.
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { UpgradeProPanel } from "@/components/billing/UpgradePro";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { isApiError } from "@/lib/client/api";
import { HOME_PATH } from "@/lib/client/routes";
import { toast } from "@/lib/client/toasts";
import { VOICE_PROFILE_NAME_MAX } from "@/lib/voice-profiles/voice-profile.schema";
import { voiceProfilesApi, type VoiceProfile } from "@/lib/voice-profiles/voice-profiles.client";
import styles from "./voice-profiles.module.css";

type State = "loading" | "ready" | "proRequired" | "error";
type Editing = { id: string; mode: "rename" | "merge"; value: string } | null;

export function VoiceProfilesPanel({ onConfirmingChange }: { onConfirmingChange?: (open: boolean) => void }) {
  const t = useTranslations("voiceProfiles");
  const [state, setState] = useState<State>("loading");
  const [items, setItems] = useState<VoiceProfile[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<VoiceProfile | null>(null);
  useEffect(() => onConfirmingChange?.(deleting !== null), [deleting, onConfirmingChange]);

  const load = useCallback(async () => {
    setState("loading");
    try {
      setItems((await voiceProfilesApi.list()).items);
      setState("ready");
    } catch (e) {
      setLoadError(e);
      setState(isApiError(e) && e.key === "voiceProfiles.proRequired" ? "proRequired" : "error");
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const value = editing.value.trim();
    if (!value) return;
    setBusy(true);
    try {
      const res = editing.mode === "rename" ? await voiceProfilesApi.rename(editing.id, value) : await voiceProfilesApi.merge(editing.id, value);
      setItems(res.items);
      toast.success(editing.mode === "rename" ? t("renamed") : t("merged"));
      setEditing(null);
    } catch (err) {
      toast.error(errorMessage(err, t("failed")));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await voiceProfilesApi.remove(deleting.id);
      setItems((cur) => cur.filter((p) => p.id !== deleting.id));
      toast.success(t("deleted"));
    } catch (err) {
      toast.error(errorMessage(err, t("failed")));
      throw err; // keeps the confirmation open
    }
  };

  if (state === "proRequired") return <UpgradeProPanel title={t("upgradeTitle")} details={t("upgradeBody")} testId="voice-profiles-pro-required" />;
  if (state === "loading")
    return (
      <p className={styles.note} role="status">
        <span className={ui.spinner} aria-hidden="true" /> {t("loading")}
      </p>
    );
  if (state === "error")
    return (
      <p className={styles.note} role="alert">
        {errorMessage(loadError, t("loadFailed"))}{" "}
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void load()}>
          {t("retry")}
        </button>
      </p>
    );

  return (
    <div data-testid="voice-profiles">
      <p className={styles.note}>{t("privacy")}</p>
      {items.length === 0 ? (
        <p className={styles.note} data-testid="voice-profiles-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className={styles.list}>
          {items.map((p) => (
            <li key={p.id} className={styles.item} data-testid="voice-profile" data-profile-name={p.name}>
              <div>
                <div className={styles.name}>{p.name}</div>
                <div className={styles.note}>{t("recordingCount", { count: p.recordings.length })}</div>
              </div>
              <div className={styles.actions}>
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setEditing({ id: p.id, mode: "rename", value: p.name })} data-testid="voice-profile-rename">
                  {t("rename")}
                </button>
                {items.length > 1 ? (
                  <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setEditing({ id: p.id, mode: "merge", value: items.find((o) => o.id !== p.id)!.id })} data-testid="voice-profile-merge">
                    {t("merge")}
                  </button>
                ) : null}
                <button type="button" className={`${ui.btn} ${ui.small} ${ui.danger}`} onClick={() => setDeleting(p)} data-testid="voice-profile-delete">
                  {t("delete")}
                </button>
              </div>
              {editing?.id === p.id ? (
                <form className={styles.inline} onSubmit={(e) => void submit(e)}>
                  {editing.mode === "rename" ? (
                    <input
                      className={ui.field}
                      value={editing.value}
                      maxLength={VOICE_PROFILE_NAME_MAX}
                      onChange={(e) => setEditing({ ...editing, value: e.target.value })}
                      aria-label={t("nameLabel")}
                      data-testid="voice-profile-name-input"
                      autoFocus
                    />
                  ) : (
                    <select className={ui.field} value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} aria-label={t("mergeInto", { name: p.name })} data-testid="voice-profile-merge-into">
                      {items
                        .filter((o) => o.id !== p.id)
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                    </select>
                  )}
                  <button type="submit" className={`${ui.btn} ${ui.small} ${ui.primary}`} disabled={busy} data-testid="voice-profile-save">
                    {editing.mode === "rename" ? t("save") : t("mergeConfirm")}
                  </button>
                  <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setEditing(null)} disabled={busy}>
                    {t("cancel")}
                  </button>
                </form>
              ) : null}
              {p.recordings.length > 0 ? (
                <ul className={styles.recordings}>
                  {p.recordings.map((r) => (
                    <li key={r.id}>
                      <a href={`${HOME_PATH}?task=${encodeURIComponent(r.id)}`}>{r.title}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog title={t("deleteTitle", { name: deleting.name })} message={t("deleteBody")} confirmLabel={t("delete")} danger onConfirm={remove} onClose={() => setDeleting(null)} />
      ) : null}
    </div>
  );
}
