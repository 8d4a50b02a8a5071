"use client";

import { safeReturnUrl } from "@/lib/server/return-url";

// Local storage keys of entity fields, and safe accessors (no-ops during server rendering
// or when storage is blocked). Every module reads and writes storage through here.
export const STORAGE_KEYS = {
  token: "auth:token",
  user: "auth:user",
  deviceId: "auth:deviceId",
  returnUrl: "auth:returnUrl",
  referralCode: "auth:referralCode",
  turnstileToken: "auth:turnstileToken",
  origin: "origin",
  complianceShown: "compliance_shown",
  hasFiles: "has_files",
  /** Renewal reminder dismissal record: JSON {at: epoch ms}; lasts 24 hours (states and transitions, business limits). */
  renewalDismissed: "renewal_reminder_dismissed",
} as const;

/** Flag marking a sign-in code (or login-link token) as already processed (entity fields, states and transitions). */
export function processedCodeKey(code: string): string {
  return `auth:${code}`;
}

/** Fired on window (same tab) whenever one of our auth keys changes. */
export const AUTH_CHANGE_EVENT = "tingji:auth-change";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* quota or privacy mode: ignore */
  }
  if (key.startsWith("auth:")) notifyAuthChange();
}

export function removeItem(...keys: string[]): void {
  for (const key of keys) {
    try {
      store()?.removeItem(key);
    } catch {
      /* ignore */
    }
  }
  if (keys.some((k) => k.startsWith("auth:"))) notifyAuthChange();
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

export function notifyAuthChange(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/**
 * A path of our own pages (with query) that is safe to navigate to after sign-in; a
 * same-origin absolute URL is reduced to its path first. Anything else yields null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value) return null;
  let v = value;
  if (typeof window !== "undefined" && /^https?:\/\//i.test(v)) {
    try {
      const u = new URL(v);
      if (u.origin !== window.location.origin) return null;
      v = u.pathname + u.search + u.hash;
    } catch {
      return null;
    }
  }
  // The one rule for return URLs, shared with the server (lib/server/return-url.ts).
  return safeReturnUrl(v);
}

/** Current path and query of the page (what a return URL records). */
export function currentPath(): string {
  if (typeof window === "undefined") return "/";
  return window.location.pathname + window.location.search;
}
