"use client";
// PNG and SVG downloads of the drawn mind map (in the mind-map tab's toolbar). A failure says
// "Image export failed" (error catalogue) in the reader's language.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { safeDownloadName, saveBlob } from "@/lib/exports/exports.client";
import { toast } from "@/lib/client/toasts";
import { IconDownload } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { mindMapPng, mindMapSvg } from "./mindmap-image";
import styles from "./exports.module.css";

export function MindMapImageButtons({ getSvg, title }: { getSvg: () => SVGSVGElement | null; title: string }) {
  const t = useTranslations("exports.menu");
  const terr = useTranslations("errors");
  const [busy, setBusy] = useState(false);

  const save = async (kind: "png" | "svg") => {
    setBusy(true);
    try {
      const svg = getSvg();
      if (!svg) throw new Error("no mind map");
      const image = mindMapSvg(svg);
      const blob = kind === "svg" ? new Blob([image.svgText], { type: "image/svg+xml" }) : await mindMapPng(image);
      saveBlob(blob, safeDownloadName(title, kind));
      toast.success(t("started"));
    } catch {
      toast.error(terr("exports.imageFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={styles.imageButtons}>
      {(["png", "svg"] as const).map((kind) => (
        <button key={kind} type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void save(kind)} disabled={busy} title={t(kind)} data-testid={`mindmap-export-${kind}`}>
          <IconDownload size={14} />
          {kind.toUpperCase()}
        </button>
      ))}
    </span>
  );
}
