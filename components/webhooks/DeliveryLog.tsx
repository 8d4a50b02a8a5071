"use client";
// One endpoint's delivery log: time, event, status, response status and time; "send again" per row,
// "send test event" on top. Refreshes itself while a delivery is still pending.
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { toast } from "@/lib/client/toasts";
import { webhooksApi } from "@/lib/webhooks/webhooks.client";
import type { WebhookDeliveryJson } from "@/lib/webhooks/webhooks.schema";
import styles from "./webhooks.module.css";

const REFRESH_MS = 1500;

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations("webhooks");
  const format = useFormatter();
  const [rows, setRows] = useState<WebhookDeliveryJson[] | null>(null);

  const load = useCallback(async () => {
    try {
      setRows((await webhooksApi.deliveries(endpointId)).items);
    } catch (err) {
      toast.error(errorMessage(err, t("loadFailed")));
    }
  }, [endpointId, t]);
  useEffect(() => {
    void load();
  }, [load]);
  const pending = rows?.some((r) => r.status === "pending") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  const run = async (action: () => Promise<WebhookDeliveryJson>) => {
    try {
      const row = await action();
      setRows((cur) => [row, ...(cur ?? [])]);
      toast.success(t("sent"));
    } catch (err) {
      toast.error(errorMessage(err, t("actionFailed")));
    }
  };

  return (
    <div className={styles.log} data-testid="webhook-log">
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void run(() => webhooksApi.test(endpointId))} data-testid="webhook-send-test">
        {t("sendTest")}
      </button>
      {rows === null ? null : rows.length === 0 ? (
        <p className={styles.meta}>{t("noDeliveries")}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t("time")}</th>
              <th>{t("event")}</th>
              <th>{t("status")}</th>
              <th>{t("responseTime")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery" data-status={d.status} data-event={d.eventType}>
                <td>{format.dateTime(new Date(d.lastAttemptAt ?? d.createdAt), { dateStyle: "short", timeStyle: "medium" })}</td>
                <td>
                  <code>{d.eventType}</code>
                </td>
                <td title={d.error ?? undefined}>
                  {t(`state.${d.status}`)}
                  {d.responseStatus ? ` · ${d.responseStatus}` : ""}
                  {d.attempts > 1 ? ` · ${t("tries", { count: d.attempts })}` : ""}
                </td>
                <td>{d.responseMs === null ? "—" : t("ms", { ms: d.responseMs })}</td>
                <td>
                  <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => void run(() => webhooksApi.resend(endpointId, d.id))} data-testid="webhook-resend">
                    {t("sendAgain")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
