"use client";
// The user's picture and its upload (POST /api/auth/user/avatar): the server probes and
// resizes it; too large a file is refused here first, with the server's own message.
import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { api } from "@/lib/client/api";
import type { UserInfo } from "@/lib/client/auth";
import { STORAGE_KEYS, writeJson } from "@/lib/client/storage";
import { toast } from "@/lib/client/toasts";
import styles from "./account.module.css";

const MAX_MB = 5;

export function Avatar({ user, size = 28 }: { user: UserInfo | null; size?: number }) {
  const initial = (user?.username || user?.email || user?.phone || "?").trim().charAt(0).toUpperCase();
  return user?.avatar ? (
    // eslint-disable-next-line @next/next/no-img-element -- our own small webp, served by the API
    <img className={styles.avatar} src={user.avatar} alt="" width={size} height={size} data-testid="avatar-image" />
  ) : (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size / 2.2 }} aria-hidden="true" data-testid="avatar-initial">
      {initial}
    </span>
  );
}

export function AvatarUpload({ user }: { user: UserInfo | null }) {
  const t = useTranslations("account.profile");
  const terr = useTranslations("errors");
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_MB * 1024 * 1024) {
      toast.error(terr("account.avatarTooLarge", { limitMb: MAX_MB }));
      return;
    }
    const form = new FormData();
    form.append("file", file, file.name);
    setBusy(true);
    try {
      writeJson(STORAGE_KEYS.user, await api.upload<UserInfo>("/api/auth/user/avatar", form, { updateOverlay: false }));
      toast.success(t("avatarSaved"));
    } catch (e) {
      toast.error(errorMessage(e, t("avatarFailed")));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className={styles.avatarRow}>
      <Avatar user={user} size={64} />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="visually-hidden"
        onChange={(e) => void upload(e.target.files?.[0])}
        data-testid="avatar-input"
        aria-label={t("avatarChange")}
      />
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => input.current?.click()} disabled={busy} data-testid="avatar-change">
        {busy ? t("avatarUploading") : t("avatarChange")}
      </button>
    </div>
  );
}
