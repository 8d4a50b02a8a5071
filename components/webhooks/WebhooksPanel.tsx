"use client";
// Webhook endpoints in the account panel (docs/api.md "Webhooks"): add one (address and events), see
// its signing secret once, send a test event, read its delivery log and send an event again, switch a
// switched-off endpoint back on, delete. Free users see the upgrade prompt (the server decides).
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { UpgradeProPanel } from "@/components/billing/UpgradePro";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { isApiError } from "@/lib/client/api";
import { toast } from "@/lib/client/toasts";
import { webhooksApi } from "@/lib/webhooks/webhooks.client";
import { webhookEvents, WEBHOOK_URL_MAX, type WebhookEndpointJson, type WebhookEventType } from "@/lib/webhooks/webhooks.schema";
import { DeliveryLog } from "./DeliveryLog";
import styles from "./webhooks.module.css";

type State = "loading" | "ready" | "proRequired" | "error";

export function WebhooksPanel({ onConfirmingChange }: { onConfirmingChange?: (open: boolean) => void }) {
  const t = useTranslations("webhooks");
  const [state, setState] = useState<State>("loading");
  const [items, setItems] = useState<WebhookEndpointJson[]>([]);
  const [limit, setLimit] = useState(0);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["task.completed", "task.failed"]);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointJson | null>(null);
  useEffect(() => onConfirmingChange?.(deleting !== null), [deleting, onConfirmingChange]);

  const load = useCallback(async () => {
    try {
      const res = await webhooksApi.list();
      setItems(res.items);
      setLimit(res.limit);
      setState("ready");
    } catch (e) {
      setState(isApiError(e) && e.key === "webhooks.proRequired" ? "proRequired" : "error");
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await webhooksApi.create(url.trim(), events);
      setItems((cur) => [res.item, ...cur]);
      setSecret(res.secret);
      setOpen(res.item.id);
      setUrl("");
    } catch (err) {
      toast.error(errorMessage(err, t("addFailed")));
    } finally {
      setBusy(false);
    }
  };

  const enable = async (id: string) => {
    try {
      const row = await webhooksApi.enable(id);
      setItems((cur) => cur.map((x) => (x.id === id ? row : x)));
    } catch (err) {
      toast.error(errorMessage(err, t("actionFailed")));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await webhooksApi.remove(deleting.id);
      setItems((cur) => cur.filter((x) => x.id !== deleting.id));
      toast.success(t("deleted"));
    } catch (err) {
      toast.error(errorMessage(err, t("actionFailed")));
      throw err;
    }
  };

  if (state === "proRequired") return <UpgradeProPanel title={t("upgrade.title")} details={t("upgrade.body")} testId="webhooks-pro-required" closeTestId="webhooks-upgrade-close" />;
  if (state === "loading") return <p className={styles.meta}>{t("loading")}</p>;
  if (state === "error")
    return (
      <p className={styles.meta} role="alert">
        {t("loadFailed")}{" "}
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void load()}>
          {t("retry")}
        </button>
      </p>
    );
  const full = items.length >= limit;
  const toggle = (ev: WebhookEventType) => setEvents((cur) => (cur.includes(ev) ? cur.filter((x) => x !== ev) : [...cur, ev]));
  return (
    <div className={styles.body} data-testid="webhooks-panel">
      <p className={styles.meta}>{t("intro")}</p>
      {secret ? (
        <div className={styles.secret} data-testid="webhook-secret-panel">
          <strong>{t("secretShownOnce")}</strong>
          <input className={ui.field} readOnly value={secret} onFocus={(e) => e.target.select()} data-testid="webhook-secret" />
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setSecret(null)}>
            {t("done")}
          </button>
        </div>
      ) : null}
      <form className={styles.form} onSubmit={(e) => void add(e)}>
        <input className={ui.field} type="url" value={url} maxLength={WEBHOOK_URL_MAX} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/tingji" aria-label={t("url")} disabled={full} data-testid="webhook-url" />
        <fieldset className={styles.events}>
          <legend className={styles.meta}>{t("events")}</legend>
          {webhookEvents.map((ev) => (
            <label key={ev} className={styles.event}>
              <input type="checkbox" checked={events.includes(ev)} onChange={() => toggle(ev)} data-testid={`webhook-event-${ev}`} /> <code>{ev}</code>
            </label>
          ))}
        </fieldset>
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy || full || !url.trim() || events.length === 0} data-testid="webhook-add">
          {t("add")}
        </button>
      </form>
      <p className={styles.meta}>{full ? t("limitReached", { limit }) : t("count", { count: items.length, limit })}</p>
      <ul className={styles.list} data-testid="webhook-list">
        {items.map((e) => (
          <li key={e.id} className={styles.item} data-testid="webhook-item" data-id={e.id}>
            <div className={styles.itemHead}>
              <code className={styles.url}>{e.url}</code>
              <span className={styles.meta}>{e.enabled ? e.events.join(", ") : t("switchedOff")}</span>
            </div>
            <div className={styles.actions}>
              <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setOpen(open === e.id ? null : e.id)} aria-expanded={open === e.id} data-testid="webhook-log-toggle">
                {t("log")}
              </button>
              {e.enabled ? null : (
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void enable(e.id)} data-testid="webhook-enable">
                  {t("switchOn")}
                </button>
              )}
              <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setDeleting(e)} data-testid="webhook-delete">
                {t("delete")}
              </button>
            </div>
            {open === e.id ? <DeliveryLog endpointId={e.id} /> : null}
          </li>
        ))}
      </ul>
      {deleting ? <ConfirmDialog title={t("deleteTitle")} message={t("deleteMessage", { url: deleting.url })} confirmLabel={t("delete")} danger onConfirm={confirmDelete} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
