"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { rememberReturnUrl, useAuth } from "@/lib/client/auth";
import { HOME_PATH, LOGIN_PATH } from "@/lib/client/routes";
import styles from "./tools.module.css";

/** Goes to login with this tools page as the return URL: the login link then comes back through /tools/callback. */
export function useToolsLogin(): (returnPath?: string) => void {
  const router = useRouter();
  return (returnPath) => {
    rememberReturnUrl(returnPath ?? `${window.location.pathname}${window.location.search}`);
    router.push(LOGIN_PATH);
  };
}

/** Sign-in state in the tools header. Tools pages never wait on it (states and transitions): the tools work signed out. */
export function ToolsAccount() {
  const t = useTranslations("tools.nav");
  const { user, status, logout } = useAuth();
  const login = useToolsLogin();
  if (status === "loading") return <span className={styles.accountPlaceholder} aria-hidden="true" />;
  if (status !== "authenticated") {
    return (
      <button type="button" className="btn btn-primary" onClick={() => login()} data-testid="tools-login">
        {t("signIn")}
      </button>
    );
  }
  const name = user?.username || user?.email || "";
  return (
    <div className={styles.account} data-testid="tools-account">
      <Link href={HOME_PATH} className="btn btn-secondary" data-testid="tools-open-app">
        {t("openApp")}
      </Link>
      <span className={styles.accountName} title={name} data-testid="tools-user">
        {name}
      </span>
      <button type="button" className="btn btn-ghost" onClick={() => void logout()} data-testid="tools-logout">
        {t("signOut")}
      </button>
    </div>
  );
}
