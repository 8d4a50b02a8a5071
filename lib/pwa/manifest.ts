import type { Edition } from "@/lib/edition/edition";

/** The words of the manifest, in the interface language (messages clients.pwa.manifest). */
export type ManifestText = {
  name: string;
  shortName: string;
  description: string;
  record: string;
  upload: string;
};

/** Where the installed app starts and what it owns: /transcribe only (the tools site stays a plain site). */
export const APP_SCOPE = "/transcribe";
export const APP_START_URL = "/transcribe?source=installed";
/** Web Share Target: the service worker takes this POST (lib/pwa/sw/share-target.ts). */
export const SHARE_TARGET_PATH = "/transcribe/share-target";
/** The field name of shared files in the share target's multipart form. */
export const SHARE_FIELD = "media";
export const SHARE_ACCEPT = ["audio/*", "video/*", "text/plain", ".txt", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"];

const THEME = { international: "#4f46e5", china: "#4f46e5" } as const satisfies Record<Edition, string>;
const ICON_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512];

/**
 * The web app manifest (W3C Web Application Manifest) for one interface language and edition. The China edition
 * carries its own name (the messages' china variant); its icons and colours are the same as today's logo.
 */
export function webAppManifest(text: ManifestText, lang: string, edition: Edition) {
  return {
    id: "/transcribe",
    name: text.name,
    short_name: text.shortName,
    description: text.description,
    lang,
    dir: "ltr",
    start_url: APP_START_URL,
    scope: APP_SCOPE,
    display: "standalone",
    display_override: ["window-controls-overlay", "standalone"],
    orientation: "any",
    theme_color: THEME[edition],
    background_color: "#ffffff",
    categories: ["productivity", "education", "business"],
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
      ...[192, 512].map((size) => ({ src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "maskable" })),
    ],
    shortcuts: [
      { name: text.record, short_name: text.record, url: "/transcribe?action=record", icons: [{ src: "/icons/shortcut-record.png", sizes: "96x96", type: "image/png" }] },
      { name: text.upload, short_name: text.upload, url: "/transcribe?action=upload", icons: [{ src: "/icons/shortcut-upload.png", sizes: "96x96", type: "image/png" }] },
    ],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", files: [{ name: SHARE_FIELD, accept: SHARE_ACCEPT }] },
    },
  };
}
