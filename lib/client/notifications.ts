"use client";

// Browser notifications (product scope, states and transitions, error catalogue): permission state, the permission
// request with its outcomes, and announce() for finished or failed tasks.
import { toast } from "./toasts";

export type NotificationSupport = "granted" | "denied" | "default" | "unsupported";
export type PermissionOutcome = "granted" | "denied" | "silentlyDenied" | "unsupported" | "timedOut" | "noResponse" | "error";
export type AnnounceTone = "success" | "error";

export const PERMISSION_TIMEOUT_MS = 30_000;

function hasNotificationApi(): boolean {
  // The API exists only in secure contexts (https or localhost).
  return typeof window !== "undefined" && "Notification" in window && window.isSecureContext !== false;
}

/** The current permission, or "unsupported" when this browser cannot notify. */
export function notificationSupport(): NotificationSupport {
  if (!hasNotificationApi()) return "unsupported";
  try {
    const permission = window.Notification.permission;
    return permission === "granted" || permission === "denied" ? permission : "default";
  } catch {
    return "unsupported";
  }
}

/** Both the promise form and the old callback form (Safari before 15) of requestPermission. */
function askPermission(): Promise<NotificationPermission | undefined> {
  return new Promise((resolve, reject) => {
    try {
      const answer = window.Notification.requestPermission((p) => resolve(p));
      if (answer && typeof answer.then === "function") answer.then(resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

/**
 * Asks for permission. "silentlyDenied": the browser answered "default" without the
 * user deciding (Chrome's quiet prompt, a dismissed prompt); "timedOut": no answer
 * within timeoutMs (the prompt ignored); "noResponse": the request settled without any
 * permission value (old or embedded browsers); "error": the request itself threw.
 */
export async function requestNotificationPermission(timeoutMs = PERMISSION_TIMEOUT_MS): Promise<PermissionOutcome> {
  const before = notificationSupport();
  if (before === "unsupported" || before === "granted" || before === "denied") return before;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timedOut">((resolve) => {
    timer = setTimeout(() => resolve("timedOut"), timeoutMs);
  });
  try {
    const answer = await Promise.race([askPermission(), timeout]);
    if (answer === "timedOut" || answer === "granted" || answer === "denied") return answer;
    return answer === "default" ? "silentlyDenied" : "noResponse";
  } catch {
    return "error";
  } finally {
    clearTimeout(timer);
  }
}

export interface AnnounceOptions {
  /** Same tag replaces the earlier notification instead of stacking (several open tabs announce once). */
  tag?: string;
  tone?: AnnounceTone;
}

function showSystemNotification(title: string, body: string, tag: string | undefined): boolean {
  try {
    const note = new window.Notification(title, { body, tag, icon: "/favicon.svg" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
    return true;
  } catch {
    // Android Chrome has no constructor (service-worker notifications only).
    return false;
  }
}

/**
 * Tells the user something finished. With permission: a system notification (seen
 * even when the tab is in the background). Otherwise, or when the browser refuses
 * to show one: a toast, which the user sees when they look at the page.
 */
export function announce(title: string, body: string, opts: AnnounceOptions = {}): void {
  if (notificationSupport() === "granted" && showSystemNotification(title, body, opts.tag)) return;
  const message = body ? `${title}: ${body}` : title;
  if (opts.tone === "error") toast.error(message);
  else toast.success(message);
}
