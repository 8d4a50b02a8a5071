// The recording formats a task takes, shared by the browser (file picker, pre-check, hint)
// and the server (probe, stored type, playback). Plain module on purpose: no "server-only",
// no Node imports. Names only help the picker: the server decides by content (lib/media/probe.ts).

export type MediaKind = "audio" | "video";

/**
 * Each container we take, by the short name the probe gives it (also the stored part's
 * extension): whether it only ever holds sound, and the type we store and serve it as.
 */
interface Container {
  audioOnly: boolean;
  audioMime: string;
  videoMime: string;
}

const audio = (mime: string): Container => ({ audioOnly: true, audioMime: mime, videoMime: mime });
const video = (audioMime: string, videoMime: string): Container => ({ audioOnly: false, audioMime, videoMime });

export const CONTAINERS: Record<string, Container> = {
  mp3: audio("audio/mpeg"),
  wav: audio("audio/wav"),
  m4a: audio("audio/mp4"),
  aac: audio("audio/aac"),
  flac: audio("audio/flac"),
  ogg: audio("audio/ogg"),
  wma: audio("audio/x-ms-wma"),
  aiff: audio("audio/aiff"),
  amr: audio("audio/amr"),
  mka: audio("audio/x-matroska"),
  mp4: video("audio/mp4", "video/mp4"),
  // M4V is MP4 with Apple's brand: browsers play it as MP4.
  m4v: video("audio/mp4", "video/mp4"),
  mov: video("audio/mp4", "video/quicktime"),
  webm: video("audio/webm", "video/webm"),
  mkv: video("audio/x-matroska", "video/x-matroska"),
  avi: video("audio/x-msvideo", "video/x-msvideo"),
  wmv: video("audio/x-ms-wma", "video/x-ms-wmv"),
  mpg: video("audio/mpeg", "video/mpeg"),
  ts: video("video/mp2t", "video/mp2t"),
  flv: video("video/x-flv", "video/x-flv"),
  "3gp": video("audio/3gpp", "video/3gpp"),
};

/** The type a probed file is stored and served as. */
export function mimeOf(probe: { kind: MediaKind; container: string }): string {
  const c = CONTAINERS[probe.container];
  if (!c) return probe.kind === "video" ? "video/mp4" : "audio/mpeg";
  return probe.kind === "video" ? c.videoMime : c.audioMime;
}

/**
 * Types every current browser's <audio>/<video> plays. A task's recording in any other
 * type (MPEG-1, AVI, WMV, FLV, AMR, AIFF, Matroska...) plays from its normalised WAV instead.
 */
const PLAYABLE = new Set(["audio/mpeg", "audio/wav", "audio/mp4", "audio/aac", "audio/flac", "audio/ogg", "audio/webm", "video/mp4", "video/webm", "video/quicktime"]);

export function playsInBrowser(mime: string | null | undefined): boolean {
  return PLAYABLE.has(mime ?? "");
}

/** File-picker extensions by the kind they usually hold (a .webm or .3gp may hold sound only: the server decides). */
export const AUDIO_EXTENSIONS = [".mp3", ".m4a", ".wav", ".flac", ".opus", ".ogg", ".oga", ".aac", ".wma", ".aiff", ".aif", ".amr", ".m4b", ".mka"] as const;
export const VIDEO_EXTENSIONS = [".mp4", ".mov", ".mkv", ".webm", ".avi", ".mpg", ".mpeg", ".m4v", ".wmv", ".asf", ".flv", ".3gp", ".3g2", ".ts", ".mts", ".m2ts", ".vob"] as const;
