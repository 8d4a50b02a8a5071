"use client";

import { api, isApiError } from "@/lib/client/api";
import { rememberReturnUrl } from "@/lib/client/auth";
import { LOGIN_PATH } from "@/lib/client/routes";
import { toast } from "@/lib/client/toasts";
import { FILES_PATH } from "./useMediaFiles";

// Download and "transcribe this": the two actions on a processed file.

type T = (key: string, values?: Record<string, string | number>) => string;

/** Where a "transcribe this" waiting for login is kept (this browser, until done). */
export const PENDING_KEY = "tingji:mediatools:pending";

function messageOf(e: unknown, fallback: string): string {
  return isApiError(e) && e.message ? e.message : fallback;
}

/** Asks for a signed address, then lets the browser save the file (no script holds its bytes). */
export async function downloadFile(id: string, t: T): Promise<void> {
  try {
    const { url } = await api.post<{ url: string }>(`${FILES_PATH}/${id}/download`, undefined, { updateOverlay: false });
    const a = document.createElement("a");
    a.href = url;
    a.download = "";
    a.rel = "noopener";
    document.body.appendChild(a);
    a.click();
    a.remove();
    toast.success(t("success.downloadStarted"));
  } catch (e) {
    toast.error(messageOf(e, t("error.downloadFailed")));
  }
}

/**
 * Signed out: says "log in first", remembers the file and this page, and goes to login (which
 * returns through /tools/callback); the page resumes it on return (resumePending).
 */
export async function transcribeFile(id: string, signedIn: boolean, t: T, navigate: (href: string) => void): Promise<string | null> {
  if (!signedIn) {
    toast.info(t("error.loginFirst"));
    localStorage.setItem(PENDING_KEY, JSON.stringify({ action: "transcribe", id }));
    rememberReturnUrl(window.location.pathname + window.location.search);
    navigate(LOGIN_PATH);
    return null;
  }
  try {
    const { taskId } = await api.post<{ taskId: string }>(`${FILES_PATH}/${id}/transcribe`, undefined, { updateOverlay: false, timeoutMs: 60_000 });
    toast.success(t("success.taskCreated"));
    return taskId;
  } catch (e) {
    toast.error(messageOf(e, t("error.taskFailed")));
    return null;
  }
}

/** After login: the "transcribe this" that was waiting, once. */
export function takePending(): { action: "transcribe"; id: string } | null {
  const raw = localStorage.getItem(PENDING_KEY);
  if (!raw) return null;
  localStorage.removeItem(PENDING_KEY);
  try {
    const v = JSON.parse(raw) as { action?: string; id?: string };
    return v.action === "transcribe" && typeof v.id === "string" ? { action: "transcribe", id: v.id } : null;
  } catch {
    return null;
  }
}
