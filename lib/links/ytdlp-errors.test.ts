import { classifyYtdlpOutput, ytdlpErrorSummary } from "./ytdlp-errors";
import { errorCatalogue } from "@/lib/server/errors";
import enErrors from "@/messages/en/errors.json";
import zhErrors from "@/messages/zh/errors.json";
import enTasks from "@/messages/en/tasks.json";
import zhTasks from "@/messages/zh/tasks.json";
import { LinkFetchError, linkFailures } from "./fetch-error";

// stderr as yt-dlp prints it. The YouTube reasons are YouTube's playability texts
// that yt-dlp's youtube extractor passes on (reason + ". " + subreason), plus the
// login hint yt-dlp appends; the others are yt-dlp's own messages.
const COOKIES_HINT =
  "Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies";

const cases: [string, string][] = [
  ["ERROR: [youtube] AbCdEfGhIjK: Private video. Sign in if you've been granted access to this video", "link_private"],
  [`ERROR: [youtube] AbCdEfGhIjK: Private video. Sign in if you've been granted access to this video. ${COOKIES_HINT}`, "link_private"],
  [
    "ERROR: [youtube] AbCdEfGhIjK: Join this channel to get access to members-only content like this video, and other exclusive perks.",
    "link_private",
  ],
  ["ERROR: [youtube] AbCdEfGhIjK: This video is available to this channel's members on level: Tier 1 (or any higher level).", "link_private"],
  ["ERROR: [youtube] AbCdEfGhIjK: Video unavailable. This video has been removed by the uploader", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: Video unavailable", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: Video unavailable. This content isn’t available.", "link_unavailable"],
  [
    "ERROR: [youtube] AbCdEfGhIjK: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.",
    "link_unavailable",
  ],
  ["ERROR: [youtube] AbCdEfGhIjK: This video has been removed for violating YouTube's Terms of Service", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: This video is no longer available due to a copyright claim by Some Label", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: This live stream recording is not available.", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: This video is DRM protected", "link_unavailable"],
  ["ERROR: [youtube] AbCdEfGhIjK: Incomplete YouTube ID AbCdEfGhIj. URL https://www.youtube.com/watch?v=AbCdEfGhIj looks truncated.", "link_unavailable"],
  [`ERROR: [youtube] AbCdEfGhIjK: Sign in to confirm you’re not a bot. This helps protect our community. Learn more. ${COOKIES_HINT}`, "link_sign_in"],
  ["ERROR: [youtube] AbCdEfGhIjK: Sign in to confirm you're not a bot. This helps protect our community. Learn more", "link_sign_in"],
  [`ERROR: [youtube] AbCdEfGhIjK: Sign in to confirm your age. This video may be inappropriate for some users. ${COOKIES_HINT}`, "link_sign_in"],
  ["ERROR: [youtube] AbCdEfGhIjK: This video is only available for registered users", "link_sign_in"],
  ["ERROR: [youtube] AbCdEfGhIjK: The uploader has not made this video available in your country.", "link_geo_blocked"],
  [
    "ERROR: [youtube] AbCdEfGhIjK: Video unavailable. The uploader has not made this video available in your country. This video is available in Japan. You might want to use a VPN or a proxy server (with --proxy) to workaround.",
    "link_geo_blocked",
  ],
  ["ERROR: [youtube] AbCdEfGhIjK: This video is not available from your location due to geo restriction", "link_geo_blocked"],
  ["ERROR: [youtube] AbCdEfGhIjK: This live event will begin in 3 hours.", "link_live_not_finished"],
  ["ERROR: [youtube] AbCdEfGhIjK: This live event will begin in a few moments.", "link_live_not_finished"],
  ["ERROR: [youtube] AbCdEfGhIjK: Premieres in 10 hours", "link_live_not_finished"],
  ["[download] Some talk does not pass filter (!is_live), skipping ..", "link_live_not_finished"],
  ["[download] File is larger than max-filesize (70384 bytes > 10000 bytes). Aborting.", "link_too_large"],
  // captured from yt-dlp 2023.03.04 in this environment (no DNS)
  [
    "ERROR: [youtube] dQw4w9WgXcQ: Unable to download API page: <urlopen error [Errno -2] Name or service not known> (caused by URLError(gaierror(-2, 'Name or service not known')))",
    "link_network",
  ],
  ["ERROR: [generic] None: Unable to download webpage: <urlopen error [Errno 111] Connection refused> (caused by URLError(ConnectionRefusedError(111, 'Connection refused')))", "link_network"],
  ["ERROR: [youtube] AbCdEfGhIjK: Unable to download API page: The read operation timed out", "link_network"],
  ["ERROR: unable to download video data: <urlopen error [Errno -3] Temporary failure in name resolution>", "link_network"],
  [
    "ERROR: [generic] None: Unable to download webpage: HTTP Error 404: File not found (caused by <HTTPError 404: 'File not found'>); please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U",
    "link_unavailable",
  ],
  ["ERROR: Unsupported URL: http://127.0.0.1:8765/page.html", "link_unavailable"],
  ["ERROR: No suitable extractor found for URL https://vimeo.com/123", "link_unavailable"],
  ["ERROR: unable to download video data: HTTP Error 403: Forbidden", "link_fetch_failed"],
  ["ERROR: [youtube] AbCdEfGhIjK: Requested format is not available. Use --list-formats for a list of available formats", "link_fetch_failed"],
  ["ERROR: something nobody has seen before", "link_fetch_failed"],
  ["", "link_fetch_failed"],
  ["Usage: yt-dlp [OPTIONS] URL [URL...]\n\nyt-dlp: error: no such option: --use-extractors", "link_not_configured"],
];

test.each(cases)("%s → %s", (stderr, code) => {
  expect(classifyYtdlpOutput(stderr)).toBe(code);
});

test("every failure code has an API key, suggestions from the known set, and messages", () => {
  const known = new Set(["checkFileLink", "retryLater", "checkNetwork", "contactSupport", "downloadAndUpload"]);
  const failures = [enTasks.failure, zhTasks.failure] as Record<string, { message?: string; description?: string }>[];
  for (const code of Object.keys(linkFailures) as (keyof typeof linkFailures)[]) {
    const e = new LinkFetchError(code);
    expect(e.suggestions.every((s) => known.has(s))).toBe(true);
    expect(e.toAppError().key).toBe(e.key);
    for (const failure of failures) expect(failure[code]?.message && failure[code]?.description).toBeTruthy();
  }
});

test("every links.* error key has an English and a Chinese message", () => {
  const en = enErrors.links as Record<string, string>;
  const zh = zhErrors.links as Record<string, string>;
  const keys = Object.keys(errorCatalogue).filter((k) => k.startsWith("links.")).map((k) => k.slice("links.".length));
  expect(keys).toHaveLength(15);
  for (const key of keys) {
    expect(en[key]).toBeTruthy();
    expect(zh[key]).toBeTruthy();
  }
  expect(en.host).toContain("{host}");
  expect(zh.tooLong).toMatch(/\{minutes\}.*\{limit\}/);
});

test("the summary keeps the ERROR lines", () => {
  expect(ytdlpErrorSummary("WARNING: x\nERROR: [youtube] a: Video unavailable\n")).toBe("ERROR: [youtube] a: Video unavailable");
});
