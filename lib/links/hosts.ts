import "server-only";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { VIDEO_PLATFORM_HOSTS } from "./link.schema";

// LINK_IMPORT_TEST_HOSTS lets tests point a real yt-dlp run at a media file
// served on loopback. It opens the door to this machine's own ports, so it is
// honoured only on a developer machine or test run (APP_URL on loopback) and
// only for loopback hosts; anything else in it is ignored with one warning.
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "::1"]);

export interface TestHostDecision {
  /** Entries honoured, spelled as URL.host ("127.0.0.1:8123", "[::1]:8123"). */
  honoured: string[];
  /** Entries ignored, as written in the setting. */
  ignored: string[];
}

/** Applies the rule to the setting's value and APP_URL (pure, for tests). */
export function decideTestHosts(setting: string, appUrl: string): TestHostDecision {
  const entries = setting.split(",").map((s) => s.trim()).filter(Boolean);
  if (!isLoopbackUrl(appUrl)) return { honoured: [], ignored: entries };
  const honoured: string[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    const host = loopbackHostWithPort(entry);
    if (host) honoured.push(host);
    else ignored.push(entry);
  }
  return { honoured, ignored };
}

let decided: TestHostDecision | undefined;

function testHosts(): string[] {
  if (!decided) {
    decided = decideTestHosts(env().LINK_IMPORT_TEST_HOSTS, env().APP_URL);
    if (decided.ignored.length > 0) {
      logger.warn("LINK_IMPORT_TEST_HOSTS ignored: only loopback host:port entries, and only when APP_URL is loopback", {
        ignored: decided.ignored,
      });
    }
  }
  return decided.honoured;
}

/** The hosts a video link may name: the video platform's, plus honoured test hosts. */
export function allowedLinkHosts(): string[] {
  return [...VIDEO_PLATFORM_HOSTS, ...testHosts()];
}

/** True for a link on an honoured test host (loopback: skip the public-address check, use the generic extractor). */
export function isTestLinkHost(url: URL): boolean {
  return testHosts().includes(url.host);
}

function isLoopbackUrl(text: string): boolean {
  try {
    return LOOPBACK_NAMES.has(bare(new URL(text).hostname));
  } catch {
    return false;
  }
}

/** "127.0.0.1:8123" → "127.0.0.1:8123"; needs an explicit port and a loopback name; else null. */
function loopbackHostWithPort(entry: string): string | null {
  try {
    const url = new URL(`http://${entry}`);
    const exact = url.host === entry.toLowerCase() && url.pathname === "/" && !url.username && !url.password;
    return exact && url.port !== "" && LOOPBACK_NAMES.has(bare(url.hostname)) ? url.host : null;
  } catch {
    return null;
  }
}

function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "");
}
