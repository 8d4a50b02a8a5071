"use client";
// Desktop handoff (screens and routes): with origin=desktop, signed in and a token, a
// dialog appears after 1 s offering to open the desktop app through the custom
// link with token and userId. Either answer clears the stored origin and drops
// the query parameter, so the offer is made once.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { useAuth } from "@/lib/client/auth";
import { STORAGE_KEYS, readItem, removeItem } from "@/lib/client/storage";
import { toast } from "@/lib/client/toasts";
import { DOWNLOAD_PATH } from "@/lib/devices/downloads";
import { HANDOFF_DELAY_MS, addressWithoutOrigin, desktopHandoffLink, wantsDesktopHandoff } from "@/lib/devices/handoff";
import styles from "@/components/devices/clients.module.css";

/** Forgets the desktop origin: the stored key and ?origin= in the address (history entry replaced, nothing reloads). */
function forgetDesktopOrigin(): void {
  removeItem(STORAGE_KEYS.origin);
  const next = addressWithoutOrigin(window.location.href);
  if (next !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(window.history.state, "", next);
}

export function DesktopHandoff({ pathname }: { pathname: string }) {
  const t = useTranslations("clients.handoff");
  const { status, token, user } = useAuth();
  const [open, setOpen] = useState(false);
  const userId = user?.id ?? null;

  useEffect(() => {
    const wanted = wantsDesktopHandoff({
      search: window.location.search,
      storedOrigin: readItem(STORAGE_KEYS.origin),
      authenticated: status === "authenticated",
      token,
      userId,
    });
    if (!wanted) return;
    const timer = setTimeout(() => setOpen(true), HANDOFF_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, token, userId, pathname]);

  if (!open || !token || !userId) return null;

  const close = () => {
    forgetDesktopOrigin();
    setOpen(false);
  };

  const openApp = () => {
    const link = desktopHandoffLink(token, userId);
    close();
    toast.info(t("opening"), { duration: 8000 });
    // The operating system hands the custom scheme to the installed app; the page stays.
    window.open(link, "_self");
  };

  return (
    <Modal
      title={t("title")}
      onClose={close}
      testId="desktop-handoff"
      footer={<ModalFooter cancelLabel={t("notNow")} onCancel={close} cancelTestId="desktop-handoff-cancel" submitLabel={t("open")} onSubmit={openApp} submitTestId="desktop-handoff-open" autoFocus />}
    >
      <p>{t("body")}</p>
      <p className={styles.downloadNote}>
        {t("noApp")}{" "}
        <Link href={DOWNLOAD_PATH} onClick={close} data-testid="desktop-handoff-download">
          {t("download")}
        </Link>
      </p>
    </Modal>
  );
}
