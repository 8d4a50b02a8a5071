"use client";
// Shown in the upload dialog on iPhone and iPad only: where the iOS help page is.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDeviceInfo } from "@/lib/devices/use-user-agent";
import { isIos } from "@/lib/devices/user-agent";
import styles from "@/components/devices/clients.module.css";

export const IOS_HELP_PATH = "/transcribe/ios-help";

export function IosHelpLink() {
  const t = useTranslations("clients.iosHelp");
  const device = useDeviceInfo();
  if (!device || !isIos(device.userAgent, device.maxTouchPoints)) return null;
  return (
    <Link href={IOS_HELP_PATH} className={styles.helpLink} target="_blank" data-testid="ios-help-link">
      {t("link")}
    </Link>
  );
}
