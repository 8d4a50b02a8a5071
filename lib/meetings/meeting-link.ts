// Which meeting links a recording bot can be sent to. Shared by the browser (instant
// feedback) and the server (the check that counts), so no server-only imports here.

export type MeetingPlatform = "zoom" | "google_meet" | "teams" | "tencent" | "feishu";

export type MeetingLink = { ok: true; url: URL; platform: MeetingPlatform } | { ok: false };

interface PlatformRule {
  platform: MeetingPlatform;
  /** Exact host names, compared with the URL's lower-cased host. */
  hosts?: readonly string[];
  /** Parent domains whose single-label subdomains count (us05web.zoom.us, acme.feishu.cn). */
  subdomainsOf?: readonly string[];
  paths: readonly RegExp[];
}

// Real links carry a few hundred characters at most (Teams is the longest).
const MAX_LINK_LENGTH = 2048;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const ZOOM_PATHS = [
  /^\/j\/\d{9,12}\/?$/, // join: /j/85012345678?pwd=…
  /^\/w\/\d{9,12}\/?$/, // webinar
  /^\/my\/[A-Za-z0-9._-]{1,64}\/?$/, // personal link name
  /^\/wc\/join\/\d{9,12}\/?$/, // web client
  /^\/wc\/\d{9,12}\/join\/?$/,
];

const RULES: readonly PlatformRule[] = [
  { platform: "zoom", hosts: ["zoom.us", "zoom.com.cn"], subdomainsOf: ["zoom.us", "zoom.com.cn"], paths: ZOOM_PATHS },
  { platform: "google_meet", hosts: ["meet.google.com"], paths: [/^\/[a-z]{3}-[a-z]{4}-[a-z]{3}\/?$/i] },
  {
    platform: "teams",
    hosts: ["teams.microsoft.com", "teams.live.com"],
    paths: [/^\/l\/meetup-join\/[^/]+/, /^\/meet\/\d{9,16}\/?$/],
  },
  {
    platform: "tencent",
    hosts: ["meeting.tencent.com", "voovmeeting.com", "www.voovmeeting.com"],
    paths: [/^\/dm\/[A-Za-z0-9]{4,32}\/?$/, /^\/s\/[A-Za-z0-9]{4,32}\/?$/, /^\/p\/\d{6,16}\/?$/],
  },
  { platform: "feishu", hosts: ["vc.feishu.cn", "vc.larksuite.com"], paths: [/^\/j\/\d{9,12}\/?$/] },
  {
    // Tenant links: https://acme.feishu.cn/vc/j/123456789 or a page under a "meeting" segment.
    platform: "feishu",
    subdomainsOf: ["feishu.cn", "larksuite.com"],
    paths: [/^\/(?:vc\/)?j\/\d{9,12}\/?$/, /^\/(?:[^/]+\/)*meetings?\/[^/]+/],
  },
];

export function parseMeetingLink(input: string): MeetingLink {
  const url = toHttpsUrl(input);
  if (!url) return { ok: false };
  const host = url.hostname;
  const rule = RULES.find((r) => hostMatches(r, host) && r.paths.some((p) => p.test(url.pathname)));
  return rule ? { ok: true, url, platform: rule.platform } : { ok: false };
}

/** The input as an https URL without credentials, port or IP host; a missing scheme means https. */
function toHttpsUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || text.length > MAX_LINK_LENGTH || hasSpaceOrControl(text)) return null;
  // Invitations often print "meet.google.com/abc-defg-hij"; any explicit scheme must be https.
  const withScheme = text.includes("://") ? text : `https://${text}`;
  if (!/^https:\/\//i.test(withScheme)) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  return isIpLiteral(url.hostname) ? null : url;
}

function hasSpaceOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return /\s/.test(text);
}

function isIpLiteral(host: string): boolean {
  return host.startsWith("[") || /^\d+(\.\d+){3}$/.test(host);
}

function hostMatches(rule: PlatformRule, host: string): boolean {
  if (rule.hosts?.includes(host)) return true;
  return (rule.subdomainsOf ?? []).some((parent) => {
    if (!host.endsWith(`.${parent}`)) return false;
    return LABEL.test(host.slice(0, -parent.length - 1));
  });
}
