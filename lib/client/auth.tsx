"use client";

// Sign-in state (entity fields, states and transitions): local storage keys, device id, session save and
// logout, and the useAuth() context with RequireAuth for gated pages.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { UserInfo } from "@/lib/auth/users";
import { forgetOfflineData } from "@/lib/pwa/offline-reads";
import { api } from "./api";
import { navigateTo } from "./navigation";
import { HOME_PATH, LOGIN_PATH, isToolsPath, isUngatedPath } from "./routes";
import { AUTH_CHANGE_EVENT, STORAGE_KEYS, currentPath, readItem, readJson, removeItem, safeReturnPath, writeItem, writeJson } from "./storage";

export { STORAGE_KEYS } from "./storage";

/** user_info of docs/api.md: the server's own shape (lib/auth/users.ts). */
export type { UserInfo };

/** Sign-in response (entity fields): access_token, device_id, optional user_info (+ return_url from the login-link verify). */
export interface SignInResponse {
  access_token: string;
  device_id: string;
  user_info?: UserInfo | null;
  return_url?: string | null;
}

export type AuthStatus = "authenticated" | "unauthenticated" | "loading";

// ---------------------------------------------------------------------------
// Plain functions (usable outside React).

const DEVICE_ID_RE = /^web_[A-Za-z0-9]{8}$/;
const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomAlphanumerics(n: number): string {
  const bytes = new Uint8Array(n);
  if (typeof crypto !== "undefined" && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < n; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => ALPHANUM[b % ALPHANUM.length]).join("");
}

/** auth:deviceId, "web_" plus 8 random alphanumerics, created once. */
export function getDeviceId(): string {
  const stored = readItem(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID_RE.test(stored)) return stored;
  const id = `web_${randomAlphanumerics(8)}`;
  writeItem(STORAGE_KEYS.deviceId, id);
  return id;
}

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

export function getStoredUser(): UserInfo | null {
  return readJson<UserInfo>(STORAGE_KEYS.user);
}

/** Stores a sign-in response: token, device id and user (when given). The referral code is used up. */
export function saveSession(res: SignInResponse): void {
  if (res.device_id && DEVICE_ID_RE.test(res.device_id)) writeItem(STORAGE_KEYS.deviceId, res.device_id);
  if (res.user_info) writeJson(STORAGE_KEYS.user, res.user_info);
  else removeItem(STORAGE_KEYS.user);
  removeItem(STORAGE_KEYS.referralCode);
  writeItem(STORAGE_KEYS.token, res.access_token);
}

/** Records where to come back after signing in (current page unless told). Login and callback pages are never recorded. */
export function rememberReturnUrl(path: string = currentPath()): void {
  const safe = safeReturnPath(path);
  if (!safe || /^\/(transcribe|tools)\/(login|callback)(\/|\?|$)/.test(safe)) return;
  writeItem(STORAGE_KEYS.returnUrl, safe);
}

/** Reads and clears auth:returnUrl; `fallback` when none is stored. */
export function takeReturnUrl(fallback: string = HOME_PATH): string {
  const stored = safeReturnPath(readItem(STORAGE_KEYS.returnUrl));
  removeItem(STORAGE_KEYS.returnUrl);
  return stored ?? fallback;
}

const beforeLogout = new Set<() => Promise<void>>();

/** Work a feature must do while still signed in when the user logs out (push: forget this device). */
export function onBeforeLogout(work: () => Promise<void>): () => void {
  beforeLogout.add(work);
  return () => beforeLogout.delete(work);
}

/**
 * Logging out: tells the backend (device id, failure ignored), clears token, user,
 * device id and origin, and goes to the login page unless in the tools region.
 */
export async function logout(): Promise<void> {
  const deviceId = readItem(STORAGE_KEYS.deviceId);
  if (getToken()) await Promise.all([...beforeLogout].map((work) => work().catch(() => undefined)));
  if (getToken()) {
    const call = api
      .post("/api/auth/logout", deviceId ? { device_id: deviceId } : {}, { authRedirect: false, updateOverlay: false, timeoutMs: 5000 })
      .catch(() => undefined);
    await Promise.race([call, new Promise((r) => setTimeout(r, 5000))]);
  }
  removeItem(STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.deviceId, STORAGE_KEYS.origin);
  // Nothing of this user stays on the device: offline copies, cached pages (lib/pwa/offline-reads.ts).
  await forgetOfflineData();
  if (typeof window !== "undefined" && !isToolsPath(window.location.pathname)) navigateTo(LOGIN_PATH);
}

/** GET /api/auth/user and store it. */
export async function fetchUser(opts: { authRedirect?: boolean; updateOverlay?: boolean } = {}): Promise<UserInfo> {
  const user = await api.get<UserInfo>("/api/auth/user", undefined, opts);
  writeJson(STORAGE_KEYS.user, user);
  return user;
}

// ---------------------------------------------------------------------------
// Store over local storage, so every tab and component sees the same state.

interface AuthSnapshot {
  token: string | null;
  userRaw: string | null;
  user: UserInfo | null;
}

let snapshot: AuthSnapshot | null = null;

function readSnapshot(): AuthSnapshot {
  const token = readItem(STORAGE_KEYS.token);
  const userRaw = readItem(STORAGE_KEYS.user);
  if (snapshot && snapshot.token === token && snapshot.userRaw === userRaw) return snapshot;
  let user: UserInfo | null = null;
  try {
    user = userRaw ? (JSON.parse(userRaw) as UserInfo) : null;
  } catch {
    user = null;
  }
  snapshot = { token, userRaw, user };
  return snapshot;
}

function subscribe(onChange: () => void): () => void {
  const check = () => onChange();
  window.addEventListener(AUTH_CHANGE_EVENT, check);
  window.addEventListener("storage", check);
  window.addEventListener("focus", check);
  document.addEventListener("visibilitychange", check);
  // Storage edited behind our back in this tab (no event fires): look now and then.
  const timer = setInterval(check, 5000);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, check);
    window.removeEventListener("storage", check);
    window.removeEventListener("focus", check);
    document.removeEventListener("visibilitychange", check);
    clearInterval(timer);
  };
}

// ---------------------------------------------------------------------------
// React side.

export interface AuthContextValue {
  user: UserInfo | null;
  token: string | null;
  status: AuthStatus;
  /** Fetches the user again (GET /api/auth/user); null when it failed. */
  refreshUser: () => Promise<UserInfo | null>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const snap = useSyncExternalStore(subscribe, readSnapshot, () => null);
  const pathname = usePathname() ?? "/";
  const tools = isToolsPath(pathname);
  const ungated = isUngatedPath(pathname);
  const [toolsCheckFailed, setToolsCheckFailed] = useState<string | null>(null);
  const fetching = useRef<string | null>(null);

  const token = snap?.token ?? null;
  const user = snap?.user ?? null;

  // Tools pages: a token without a stored user triggers a user fetch; failure clears the session (states and transitions).
  // Normal pages: the token is enough, the user is fetched in the background (a 401 signs out).
  useEffect(() => {
    if (!token || user || fetching.current === token) return;
    fetching.current = token;
    if (tools) {
      fetchUser({ authRedirect: false, updateOverlay: false }).catch(() => {
        if (readItem(STORAGE_KEYS.token) === token) removeItem(STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.deviceId);
        setToolsCheckFailed(token);
      });
    } else if (!ungated) {
      fetchUser().catch(() => undefined);
    } else {
      fetching.current = null;
    }
  }, [token, user, tools, ungated]);

  let status: AuthStatus;
  if (snap === null) status = "loading";
  else if (!token || toolsCheckFailed === token) status = "unauthenticated";
  else if (tools && !user) status = "loading";
  else status = "authenticated";

  const refreshUser = useCallback(async () => {
    try {
      return await fetchUser();
    } catch {
      return null;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, token: status === "authenticated" ? token : null, status, refreshUser, logout }),
    [user, token, status, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** {user, token, status, refreshUser, logout}; needs the shell's Providers. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth() must be used inside <AuthProvider> (components/shell/Providers)");
  return ctx;
}

/**
 * Renders children only when signed in; otherwise stores the current address as
 * auth:returnUrl and sends the visitor to the login page. `fallback` shows meanwhile.
 */
export function RequireAuth({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { status } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (status !== "unauthenticated") return;
    rememberReturnUrl();
    router.replace(LOGIN_PATH);
  }, [status, router]);
  return <>{status === "authenticated" ? children : fallback}</>;
}
