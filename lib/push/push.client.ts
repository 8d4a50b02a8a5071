"use client";
// The browser's side of push notifications (docs/devices.md "Push notifications"): subscribe this device
// through the app's service worker, list and turn off devices, and drop this device's subscription at logout.
import { api } from "@/lib/client/api";
import type { PushDevice } from "./push.service";
import { deviceLabel } from "@/lib/devices/user-agent";

export type PushDevices = { enabled: boolean; publicKey: string | null; devices: PushDevice[] };

export const pushApi = {
  devices: () => api.get<PushDevices>("/api/push/devices"),
  remove: (id: string) => api.del<{ deleted: number }>(`/api/push/devices/${encodeURIComponent(id)}`),
};

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration("/transcribe")) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** SHA-256 of this browser's endpoint, hex: finds "this device" in the list (the server never echoes endpoints). */
export async function endpointHash(sub: PushSubscription | null): Promise<string | null> {
  if (!sub) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sub.endpoint));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Subscribes this device (permission must already be granted) and saves it for the signed-in user. */
export async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  const reg = await registration();
  if (!reg) throw new Error("no service worker");
  const existing = await reg.pushManager.getSubscription();
  const sub = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = sub.toJSON();
  return api.post<PushDevice>("/api/push/devices", { endpoint: json.endpoint, keys: json.keys, label: deviceLabel(navigator.userAgent) });
}

/** Logout: this device stops receiving the user's notifications (server row, then the browser's subscription). */
export async function forgetThisDevice(): Promise<void> {
  try {
    const sub = await currentSubscription();
    if (!sub) return;
    await api.post("/api/push/devices/forget", { endpoint: sub.endpoint }, { authRedirect: false, updateOverlay: false, timeoutMs: 4000 }).catch(() => undefined);
    await sub.unsubscribe().catch(() => false);
  } catch {
    /* nothing to forget */
  }
}
