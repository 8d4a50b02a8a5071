"use client";
// /transcribe/mobile: the app home laid out for phones (components/mobile/MobileHome): task picker,
// then the chosen task with the player on top and tabs below. Loads lazily.
import dynamic from "next/dynamic";
import { CentredLoader } from "@/components/shell/CentredLoader";

const MobileHome = dynamic(() => import("@/components/mobile/MobileHome").then((m) => m.MobileHome), {
  ssr: false,
  loading: () => <CentredLoader />,
});

export default function MobilePage() {
  return <MobileHome />;
}
