"use client";
// Account panel: the devices that receive push notifications, with "turn on" for this device and "turn off"
// for any (docs/devices.md "Push notifications"). Permission follows the app's notification rules: asked here,
// on the user's click, and a denied permission is explained rather than asked again.
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { errorMessage } from "@/lib/client/api-errors";
import { notificationSupport, requestNotificationPermission } from "@/lib/client/notifications";
import { toast } from "@/lib/client/toasts";
import { currentSubscription, endpointHash, pushApi, pushSupported, subscribeThisDevice, type PushDevices } from "@/lib/push/push.client";
import styles from "./push.module.css";

export function PushDevicesSection() {
  const t = useTranslations("account.push");
  const format = useFormatter();
  const [state, setState] = useState<PushDevices | null>(null);
  const [mine, setMine] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [devices, sub] = await Promise.all([pushApi.devices(), currentSubscription().catch(() => null)]);
      setState(devices);
      setMine(await endpointHash(sub));
    } catch {
      setState({ enabled: false, publicKey: null, devices: [] });
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  if (!state) return null;
  if (!state.enabled) return <p className={styles.note}>{t("notConfigured")}</p>;

  const supported = pushSupported();
  const permission = notificationSupport();
  const thisDeviceOn = state.devices.some((d) => d.endpointHash === mine);

  const turnOn = async () => {
    if (!state.publicKey) return;
    setBusy(true);
    try {
      const outcome = await requestNotificationPermission();
      if (outcome !== "granted") {
        toast.error(t("permissionNeeded"));
        return;
      }
      await subscribeThisDevice(state.publicKey);
      toast.success(t("turnedOn"));
      await reload();
    } catch (e) {
      toast.error(errorMessage(e, t("turnOnFailed")));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async (id: string, current: boolean) => {
    setBusy(true);
    try {
      await pushApi.remove(id);
      if (current) await (await currentSubscription())?.unsubscribe();
      await reload();
    } catch (e) {
      toast.error(errorMessage(e, t("turnOffFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.devices} data-testid="push-devices">
      <p className={styles.note}>{t("intro")}</p>
      {state.devices.length === 0 ? <p className={styles.note}>{t("none")}</p> : null}
      <ul className={styles.list}>
        {state.devices.map((d) => (
          <li key={d.id} className={styles.row} data-testid="push-device">
            <span>
              <strong>{d.label}</strong>
              {d.endpointHash === mine ? <span className={styles.badge}>{t("thisDevice")}</span> : null}
              <br />
              <small>{t("since", { date: format.dateTime(new Date(d.createdAt), { dateStyle: "medium" }) })}</small>
            </span>
            <button type="button" className={`${ui.btn} ${ui.ghost}`} disabled={busy} onClick={() => void turnOff(d.id, d.endpointHash === mine)} data-testid="push-device-off">
              {t("turnOff")}
            </button>
          </li>
        ))}
      </ul>
      {!supported ? (
        <p className={styles.note}>{t("unsupported")}</p>
      ) : permission === "denied" ? (
        <p className={styles.note}>{t("denied")}</p>
      ) : !thisDeviceOn ? (
        <button type="button" className={`${ui.btn} ${ui.primary}`} disabled={busy} onClick={() => void turnOn()} data-testid="push-turn-on">
          {t("turnOn")}
        </button>
      ) : null}
    </div>
  );
}
