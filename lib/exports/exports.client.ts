"use client";
// Downloads from GET /api/transcription/tasks/{id}/export (docs/exports.md). A download link
// cannot carry the bearer token, so the file is fetched with it and handed to the browser as a
// blob: no token or signature ever sits in a URL. Refusals come back as the usual envelope.
import { ApiError } from "@/lib/client/api";
import { STORAGE_KEYS, readItem } from "@/lib/client/storage";
import type { ExportFormat, ExportPart } from "@/lib/exports/formats";
import { isIos as isIosAgent } from "@/lib/devices/user-agent";

/** The name from Content-Disposition (RFC 5987 filename* first), else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** Hands bytes to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** iPhone, iPad (which says it is a Mac) and iPod: Safari shows downloads as a preview there. The one rule: lib/devices/user-agent. */
export function isIos(): boolean {
  if (typeof navigator === "undefined") return false;
  return isIosAgent(navigator.userAgent, navigator.maxTouchPoints);
}

/** Fetches one export with the signed-in user's token and saves it; throws an ApiError with the server's message when refused. */
export async function downloadExport(taskId: string, format: ExportFormat, opts: { part?: ExportPart; locale: string; fallbackName: string }): Promise<string> {
  const query = new URLSearchParams({ format, ...(opts.part ? { part: opts.part } : {}) });
  const token = readItem(STORAGE_KEYS.token);
  const res = await fetch(`/api/transcription/tasks/${encodeURIComponent(taskId)}/export?${query}`, {
    headers: { Accept: "*/*", "X-Locale": opts.locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: "same-origin",
    cache: "no-store",
  });
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || type.includes("application/json")) {
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: { error?: string } } | null;
    throw new ApiError(body?.code ?? res.status, body?.message ?? res.statusText, { key: body?.data?.error, status: res.status, data: body?.data });
  }
  const name = fileNameFrom(res.headers.get("content-disposition"), opts.fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}

/** A file name from a title: no path or reserved characters, bounded, with its extension. */
export function safeDownloadName(title: string, extension: string): string {
  const cleaned = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").replace(/\s+/g, " ").trim();
  return `${(cleaned || "tingji").slice(0, 120)}.${extension}`;
}
