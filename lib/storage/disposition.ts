// File names in Content-Disposition, shared by our own answers and presigned S3 downloads.

/** A download name safe in any header: no path, no control or quote characters, bounded. */
export function sanitizeFileName(name: string, extension: string): string {
  const base = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/[\\/:*?"<>|;]+/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return `${base || "media"}.${extension}`;
}

// RFC 5987 attr-char: letters, digits and !#$&+-.^_`|~ stay; everything else is %-encoded as UTF-8.
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Content-Disposition: inline for media the player shows, attachment for anything else. */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}
