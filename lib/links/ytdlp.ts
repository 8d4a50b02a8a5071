import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { LinkFetchError } from "./fetch-error";
import { allowedLinkHosts, isTestLinkHost } from "./hosts";
import { canonicalVideoUrl, parseVideoLink } from "./link.schema";
import { startEgressGuard } from "./egress-guard";
import { assertPublicHost } from "./private-address";
import { classifyYtdlpOutput, ytdlpErrorSummary } from "./ytdlp-errors";
import { runYtdlp, type YtdlpRun, type YtdlpRunOptions } from "./ytdlp-process";

export { LinkFetchError, linkFailures, videoTooLongError, type LinkFailureCode } from "./fetch-error";
export { classifyYtdlpOutput } from "./ytdlp-errors";

/*
 * Fetching with yt-dlp, and how far it is kept from private addresses:
 *  - yt-dlp never sees the pasted link. It gets https://www.youtube.com/watch?v=<id>
 *    rebuilt from the validated 11-character id, and only the "youtube" extractor,
 *    so neither the generic extractor nor playlist/channel handling can run.
 *    Test hosts get the generic extractor.
 *  - Every connection yt-dlp makes (page, each redirect hop, media, fragments) goes
 *    through our egress guard (egress-guard.ts, --proxy): public addresses on 80/443
 *    only, checked when the connection is made, plus the link's own test host:port.
 *    A refused hop fails the task as link_blocked. Downloads take only http(s)
 *    formats (DASH fragments included), which yt-dlp fetches itself through the
 *    guard: no ffmpeg, rtmp or HLS downloader that could bypass it.
 *  - TLS checks stay on. An HTTP(S)_PROXY in the environment is not used by
 *    yt-dlp (nor NO_PROXY, which would let requests skip the guard).
 * Residual risk: an https server (for YouTube, its own) answering a redirect to
 * ftp: would be followed by yt-dlp outside the proxy; plain-HTTP ones are refused.
 */

export interface VideoInfo {
  title: string;
  durationSec: number | null;
  webpageUrl: string;
  extractor: string;
  /** Caption languages the site offers: its own subtitles, and automatic captions. */
  captions: { manual: string[]; auto: string[] };
}

export interface DownloadedAudio {
  /** Absolute path of the media file inside destDir. */
  file: string;
  title: string;
  durationSec: number | null;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Largest file accepted; bigger downloads stop with link_too_large. */
  maxBytes: number;
  /** 0..1, called as the download advances (at most once per whole percent). */
  onProgress?: (fraction: number) => void;
}

const PROBE_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
const MAX_PROBE_JSON_BYTES = 32 * 1024 * 1024;
const INFO_FILE = "yt-dlp-info.json";
const PROGRESS_TAG = "tingji-progress";
// Live streams (still running, scheduled, or not yet processed) have no finished recording to fetch.
const UNFINISHED_LIVE = new Set(["is_live", "is_upcoming", "post_live"]);

// Options for every run: no user or system config files, one video, plain output.
const COMMON_ARGS = ["--ignore-config", "--no-playlist", "--no-warnings", "--socket-timeout", "30", "--encoding", "utf-8"];

/** Title, duration and page of the one video a link names, without downloading it. */
export async function probeVideo(link: string, opts: ProbeOptions = {}): Promise<VideoInfo> {
  const target = await fetchTarget(link);
  const run = await runGuarded(target, ["--dump-single-json", "--skip-download"], {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? PROBE_TIMEOUT_MS,
    maxStdoutBytes: MAX_PROBE_JSON_BYTES,
  });
  if (run.exitCode !== 0) throw failureOf(run);
  const info = parseInfoJson(run.stdout);
  if (info._type === "playlist") throw new LinkFetchError("link_unavailable", { detail: "link names a playlist" });
  if (isUnfinishedLive(info)) throw new LinkFetchError("link_live_not_finished", { detail: String(info.live_status) });
  return {
    title: titleOf(info),
    durationSec: durationOf(info),
    webpageUrl: typeof info.webpage_url === "string" ? info.webpage_url : target.url,
    extractor: String(info.extractor_key ?? info.extractor ?? "unknown"),
    captions: { manual: languagesOf(info.subtitles), auto: languagesOf(info.automatic_captions) },
  };
}

function languagesOf(value: unknown): string[] {
  return value && typeof value === "object" ? Object.keys(value).filter((k) => k !== "live_chat") : [];
}

/**
 * Downloads one caption track (`language`, the site's own or automatic) as VTT or SRT into
 * destDir, through the same egress guard; returns the file, or null when none was written.
 */
export async function downloadCaptions(link: string, destDir: string, opts: { language: string; auto: boolean; signal?: AbortSignal }): Promise<string | null> {
  const target = await fetchTarget(link);
  const dir = escapeTemplate(destDir);
  const args = [opts.auto ? "--write-auto-subs" : "--write-subs", "--skip-download", "--sub-langs", opts.language, "--sub-format", "vtt/srt/best", "-o", `${dir}${path.sep}captions.%(ext)s`];
  const run = await runGuarded(target, args, { signal: opts.signal, timeoutMs: PROBE_TIMEOUT_MS });
  if (run.exitCode !== 0) throw failureOf(run);
  const names = await fsp.readdir(destDir).catch(() => [] as string[]);
  const file = names.find((n) => n.startsWith("captions.") && /\.(vtt|srt)$/i.test(n));
  return file ? path.join(destDir, file) : null;
}

/**
 * Downloads the best audio (or the whole video when there is no audio-only
 * format) into destDir (a scratch folder of the caller's) as media.<ext>.
 * On failure, abort or timeout no media.* file is left behind.
 */
export async function downloadAudio(link: string, destDir: string, opts: DownloadOptions): Promise<DownloadedAudio> {
  const target = await fetchTarget(link);
  try {
    return await runDownload(target, destDir, opts);
  } catch (e) {
    await removeMediaFiles(destDir);
    throw e;
  }
}

async function runDownload(target: FetchTarget, destDir: string, opts: DownloadOptions): Promise<DownloadedAudio> {
  const infoFile = path.join(destDir, INFO_FILE);
  await fsp.rm(infoFile, { force: true }); // yt-dlp appends to it
  const limit = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, limit.signal]) : limit.signal;
  const progress = progressReader(opts.maxBytes, opts.onProgress, (reason) => limit.abort(reason));

  const run = await runGuarded(target, downloadArgs(destDir, opts.maxBytes), {
    signal,
    timeoutMs: opts.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
    onLine: progress,
  });
  if (run.exitCode !== 0) throw failureOf(run);
  return downloadedFile(destDir, infoFile, opts.maxBytes, run);
}

interface FetchTarget {
  /** What yt-dlp is given: the canonical watch URL, or a test host's link as is. */
  url: string;
  /** Extractor options for that target. */
  args: string[];
  /** The one loopback host:port the run may reach (a test host's link), else none. */
  allowedHosts: string[];
}

/** Runs yt-dlp with every connection through a fresh egress guard; a refused connection is link_blocked. */
async function runGuarded(target: FetchTarget, args: string[], opts: YtdlpRunOptions): Promise<YtdlpRun> {
  const guard = await startEgressGuard({ allowedHosts: target.allowedHosts });
  try {
    const run = await runYtdlp([...COMMON_ARGS, "--proxy", guard.url, ...target.args, ...args, "--", target.url], opts);
    if (run.exitCode === 0) return run;
    if (guard.refused.length > 0) throw new LinkFetchError("link_blocked", { detail: `refused ${guard.refused.join("; ")}` });
    // Through the proxy an unreachable site reads "HTTP Error 502"; say what it was.
    const failure = failureOf(run);
    if (failure.code === "link_fetch_failed" && guard.unreachable.length > 0) {
      throw new LinkFetchError("link_network", { detail: `unreachable ${guard.unreachable.join("; ")}` });
    }
    return run;
  } finally {
    await guard.close();
  }
}

async function fetchTarget(link: string): Promise<FetchTarget> {
  const parsed = parseVideoLink(link, allowedLinkHosts());
  if (!parsed.ok) throw new LinkFetchError("link_blocked", { detail: `link rejected (${parsed.reason})` });
  if (isTestLinkHost(parsed.url)) return { url: parsed.url.href, args: ["--use-extractors", "generic"], allowedHosts: [parsed.url.host] };
  if (!parsed.videoId) throw new LinkFetchError("link_blocked", { detail: "no video id" });
  const url = canonicalVideoUrl(parsed.videoId);
  await assertPublicHost(new URL(url).hostname);
  return { url, args: ["--use-extractors", "youtube"], allowedHosts: [] };
}

function downloadArgs(destDir: string, maxBytes: number): string[] {
  const dir = escapeTemplate(destDir);
  return [
    // Only formats yt-dlp fetches itself over http(s): an ffmpeg or rtmp download would not go through the guard.
    ...["-f", "bestaudio[protocol^=http]/best[protocol^=http]", "--max-filesize", String(maxBytes), "--match-filter", "!is_live"],
    ...["--no-part", "--no-continue", "--force-overwrites", "--no-mtime", "--newline"],
    ...["--progress-template", `download:${PROGRESS_TAG} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s`],
    ...["-o", `${dir}${path.sep}media.%(ext)s`],
    // --print would imply --quiet and hide "File is larger than max-filesize"; a file keeps stdout as it is.
    ...["--print-to-file", "after_move:%(.{filepath,title,duration})j", `${dir}${path.sep}${INFO_FILE}`],
  ];
}

/** Reads progress lines; stops the run (via `stop`) once the download is known to exceed maxBytes. */
function progressReader(maxBytes: number, onProgress: ((fraction: number) => void) | undefined, stop: (reason: unknown) => void) {
  let lastPercent = -1;
  return (line: string) => {
    const m = line.match(new RegExp(`^${PROGRESS_TAG} (\\S+) (\\S+) (\\S+)$`));
    if (!m) return;
    const [done, total, estimate] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const expected = Number.isFinite(total) && total > 0 ? total : Number.isFinite(estimate) && estimate > 0 ? estimate : NaN;
    // --max-filesize only checks a Content-Length up front; fragmented formats are checked here.
    if (done > maxBytes || (Number.isFinite(total) && total > maxBytes)) {
      stop(new LinkFetchError("link_too_large", { detail: `download exceeds ${maxBytes} bytes` }));
      return;
    }
    const percent = Number.isFinite(expected) && Number.isFinite(done) ? Math.min(100, Math.floor((done / expected) * 100)) : -1;
    if (percent > lastPercent) {
      lastPercent = percent;
      onProgress?.(percent / 100);
    }
  };
}

async function downloadedFile(destDir: string, infoFile: string, maxBytes: number, run: YtdlpRun): Promise<DownloadedAudio> {
  const info = await readInfoFile(infoFile);
  // Exit 0 without a file: yt-dlp skipped the download (too big, or live) and said why on stdout.
  if (!info) throw skippedDownloadError(run.stdout);
  const file = path.resolve(String(info.filepath ?? ""));
  if (path.dirname(file) !== path.resolve(destDir)) throw new LinkFetchError("link_fetch_failed", { detail: `unexpected output ${file}` });
  const size = (await fsp.stat(file).catch(() => null))?.size ?? 0;
  if (size === 0) throw new LinkFetchError("link_fetch_failed", { detail: "empty or missing download" });
  if (size > maxBytes) {
    await fsp.rm(file, { force: true });
    throw new LinkFetchError("link_too_large", { detail: `${size} bytes` });
  }
  return { file, title: titleOf(info), durationSec: durationOf(info) };
}

async function readInfoFile(infoFile: string): Promise<Record<string, unknown> | null> {
  const text = await fsp.readFile(infoFile, "utf8").catch(() => "");
  await fsp.rm(infoFile, { force: true });
  const lastLine = text.trim().split("\n").at(-1);
  return lastLine ? parseInfoJson(lastLine) : null;
}

function skippedDownloadError(stdout: string): LinkFetchError {
  return new LinkFetchError(downloadNotice(stdout) ?? "link_fetch_failed", { detail: ytdlpErrorSummary(stdout) });
}

function failureOf(run: YtdlpRun): LinkFetchError {
  const fromStderr = classifyYtdlpOutput(run.stderr);
  const code = fromStderr === "link_fetch_failed" ? (downloadNotice(run.stdout) ?? fromStderr) : fromStderr;
  return new LinkFetchError(code, { detail: `exit ${run.exitCode}: ${ytdlpErrorSummary(run.stderr || run.stdout)}` });
}

// The downloader reports a skipped download on stdout ("[download] File is larger
// than max-filesize ...", "[download] <title> does not pass filter (!is_live) ...").
// Only those lines are read: the rest of stdout echoes titles and URLs.
function downloadNotice(stdout: string): "link_too_large" | "link_live_not_finished" | null {
  const lines = stdout.split(/[\r\n]+/); // the downloader starts its notices with "\r"
  const notices = lines.filter((line) => line.startsWith("[download]") && !line.includes("Destination:"));
  const code = classifyYtdlpOutput(notices.join("\n"));
  return code === "link_too_large" || code === "link_live_not_finished" ? code : null;
}

function parseInfoJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object") return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new LinkFetchError("link_fetch_failed", { detail: "yt-dlp printed no video information" });
}

function isUnfinishedLive(info: Record<string, unknown>): boolean {
  return info.is_live === true || UNFINISHED_LIVE.has(String(info.live_status));
}

function titleOf(info: Record<string, unknown>): string {
  const title = typeof info.title === "string" ? info.title.replace(/\s+/g, " ").trim() : "";
  return title || String(info.id ?? "video");
}

function durationOf(info: Record<string, unknown>): number | null {
  const d = Number(info.duration);
  return Number.isFinite(d) && d > 0 ? d : null;
}

async function removeMediaFiles(destDir: string): Promise<void> {
  const names = await fsp.readdir(destDir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith("media.") || n === INFO_FILE).map((n) => fsp.rm(path.join(destDir, n), { force: true })));
}

/** yt-dlp reads "%" in -o and --print-to-file paths as template fields. */
function escapeTemplate(dir: string): string {
  return path.resolve(dir).replaceAll("%", "%%");
}
