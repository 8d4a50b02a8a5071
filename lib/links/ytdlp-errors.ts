import "server-only";
import type { LinkFailureCode } from "./fetch-error";

// yt-dlp's messages, as it prints them (ERROR: [youtube] <id>: <reason>). The
// YouTube reasons are YouTube's own playability texts that yt-dlp passes on
// (extractor/youtube.py), the rest come from extractor/common.py, the generic
// extractor and the HTTP downloader. First match wins, so the order matters:
// "Private video. Sign in if you've been granted access" is private, not sign-in;
// "Video unavailable. The uploader has not made this video available in your
// country" is geo-blocked, not unavailable.
const RULES: [RegExp, LinkFailureCode][] = [
  [/yt-dlp: error:|no such option/i, "link_not_configured"],
  [/larger than max-filesize/i, "link_too_large"],
  [/private video|this video is private|members-only content|available to this channel's members|requires payment to watch/i, "link_private"],
  [/not made this video available in your country|geo[ -]?restrict|not available (?:in|from) your (?:country|location)/i, "link_geo_blocked"],
  [
    /sign in to confirm|confirm your age|age-restricted|inappropriate for some users|only available for registered users|login details are needed/i,
    "link_sign_in",
  ],
  [/live event will begin|premieres? in|premiere will begin|does not pass filter \(!is_live\)/i, "link_live_not_finished"],
  [
    /video unavailable|this video (?:has been removed|is no longer available|is unavailable|is not available)|content isn't available|account associated with this video has been terminated|no longer available|recording is not available|drm protected|http error 404|http error 410|unsupported url|no suitable extractor|incomplete youtube id/i,
    "link_unavailable",
  ],
  [
    /timed out|temporary failure in name resolution|name or service not known|nodename nor servname|connection (?:refused|reset|aborted)|network is unreachable|no route to host|remote end closed connection|incompleteread|ssl:|certificate verify failed/i,
    "link_network",
  ],
];

/** Classifies a failed yt-dlp run by what it printed; anything unknown is a generic fetch failure. */
export function classifyYtdlpOutput(output: string): LinkFailureCode {
  const text = output.replace(/[\u2018\u2019]/g, "'"); // YouTube writes "you’re" and "isn’t"
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? "link_fetch_failed";
}

/** The lines worth logging: yt-dlp's ERROR lines, or the tail of its output when there are none. */
export function ytdlpErrorSummary(output: string): string {
  const errors = output.split("\n").filter((line) => line.startsWith("ERROR:"));
  return (errors.length > 0 ? errors.join("\n") : output.slice(-500)).slice(0, 2000);
}
