// Video-platform link rules (validation rules): shared by the import route and the
// browser's instant validation, so no server imports here.
import type { ErrorKey } from "@/lib/server/errors";
//
// "Video-platform link: non-empty, valid URL, http or https, host {host} or youtu.be."

/** Hosts whose links we accept. Compared exactly with URL.host (lowercase, default port only). */
export const VIDEO_PLATFORM_HOSTS: readonly string[] = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtu.be",
];

/** The `{host}` shown in "Only links from {host} or youtu.be are supported". */
export const VIDEO_PLATFORM_HOST_LABEL = "youtube.com";

export type VideoLinkRejection = "empty" | "invalid" | "protocol" | "host";

export type VideoLink =
  | { ok: true; url: URL; videoId: string | null }
  | { ok: false; reason: VideoLinkRejection };

/** The error-catalogue key for each rejection (lib/server/errors.ts). */
export const videoLinkErrorKey = {
  empty: "links.empty",
  invalid: "links.invalidUrl",
  protocol: "links.protocol",
  host: "links.host",
} as const satisfies Record<VideoLinkRejection, ErrorKey>;

const MAX_LINK_LENGTH = 2048;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
// Path forms that name one video: /shorts/<id>, /live/<id>, /embed/<id> (optional trailing slash).
const VIDEO_PATH = /^\/(?:shorts|live|embed)\/([A-Za-z0-9_-]{11})\/?$/;

/**
 * Checks a pasted link and, for YouTube, finds the one video it names.
 * `extraHosts` ("host" or "host:port", as URL.host spells it) widens the
 * allowlist; the server passes its test-only loopback hosts here.
 * Nothing is fetched: IP literals, localhost and look-alike hosts fail the
 * exact host comparison, so no request is ever made for them.
 */
export function parseVideoLink(input: string, extraHosts: readonly string[] = []): VideoLink {
  const text = input.trim();
  if (text === "") return { ok: false, reason: "empty" };
  // The URL parser silently drops tabs and newlines inside a URL; a pasted link has none.
  if (text.length > MAX_LINK_LENGTH || hasSpaceOrControl(text)) return { ok: false, reason: "invalid" };

  const url = parseAbsoluteUrl(text);
  if (!url) return { ok: false, reason: "invalid" };
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "protocol" };
  // "https:youtube.com" and "https:\\youtube.com" parse, but are not well-formed links.
  if (!/^https?:\/\//i.test(text)) return { ok: false, reason: "invalid" };
  if (!isAllowedHost(url, extraHosts)) return { ok: false, reason: "host" };
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "invalid" };

  if (!VIDEO_PLATFORM_HOSTS.includes(url.host)) return { ok: true, url, videoId: null };
  const videoId = youtubeVideoId(url);
  return videoId ? { ok: true, url, videoId } : { ok: false, reason: "invalid" };
}

/** The one URL we hand to the downloader for a YouTube video, whatever form the user pasted. */
export function canonicalVideoUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

function hasSpaceOrControl(text: string): boolean {
  return /\s/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function parseAbsoluteUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

// URL.host is lowercase, punycode, and leaves out a default port, so an exact
// match rejects other ports, "youtube.com." and "youtube.com.evil.com" alike.
function isAllowedHost(url: URL, extraHosts: readonly string[]): boolean {
  if (VIDEO_PLATFORM_HOSTS.includes(url.host)) return true;
  return extraHosts.some((h) => h.toLowerCase() === url.host);
}

function youtubeVideoId(url: URL): string | null {
  if (url.host === "youtu.be") return matchId(url.pathname.replace(/^\/|\/$/g, ""));
  if (url.pathname === "/watch" || url.pathname === "/watch/") {
    const ids = url.searchParams.getAll("v");
    return ids.length === 1 ? matchId(ids[0]!) : null;
  }
  return url.pathname.match(VIDEO_PATH)?.[1] ?? null;
}

function matchId(candidate: string): string | null {
  return VIDEO_ID.test(candidate) ? candidate : null;
}
