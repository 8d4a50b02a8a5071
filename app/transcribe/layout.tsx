import type { ReactNode } from "react";
import { AuthGate } from "@/components/shell/AuthGate";

/**
 * The main app (base path /transcribe/). Pages here need a signed-in user,
 * except the ungated ones of spec §4 (login, callback, share, show).
 */
export default function TranscribeLayout({ children }: { children: ReactNode }) {
  return <AuthGate>{children}</AuthGate>;
}
