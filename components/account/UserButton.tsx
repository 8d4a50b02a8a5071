"use client";
// The header's user button: picture and name; opens the account panel.
import { useTranslations } from "next-intl";
import { useAuth } from "@/lib/client/auth";
import { Avatar } from "./AvatarUpload";
import { openAccount } from "./events";
import styles from "./account.module.css";

export function UserButton({ nameClassName }: { nameClassName?: string }) {
  const t = useTranslations("account");
  const { user } = useAuth();
  const who = user?.username || user?.email || user?.phone || "";
  return (
    <button type="button" className={styles.userButton} onClick={() => openAccount()} title={t("open")} aria-label={t("open")} data-testid="account-open">
      <Avatar user={user} size={26} />
      {who ? (
        <span className={`${styles.userName} ${nameClassName ?? ""}`} data-testid="user-name">
          {who}
        </span>
      ) : null}
    </button>
  );
}
