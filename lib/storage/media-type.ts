// The Content-Type a stored media file is served with. Intake stores the type of our own
// probe of the bytes (lib/media/formats.ts mimeOf, from ffprobe's container), never what the
// client declared: a file declared "text/html" would otherwise be rendered as a page on our
// origin. At serve time the stored type passes this allow-list as well (rows stored before,
// or any future slip): only audio/* and video/* types we know leave here, anything else is
// served as application/octet-stream (see lib/storage/serve.ts).

export const OCTET_STREAM = "application/octet-stream";

/** File name extension for each type we serve (for the download name). */
const EXTENSION: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/flac": "flac",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/webm": "webm",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/mpeg": "mpg",
};

/**
 * Spellings rows stored before types came from the probe may hold (browsers' and OSes'
 * aliases), mapped into the allow-list. Anything else is not served as media.
 */
const LEGACY_ALIASES: Record<string, string> = {
  "audio/mp3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/x-mpeg": "audio/mpeg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/x-flac": "audio/flac",
  "audio/x-aac": "audio/aac",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/vorbis": "audio/ogg",
  "audio/opus": "audio/ogg",
  "video/x-quicktime": "video/quicktime",
  "video/x-mpeg": "video/mpeg",
  "video/mpg": "video/mpeg",
};

/** The type to send for a stored one: ours if on the allow-list, else application/octet-stream. */
export function servedMediaType(stored: string | null | undefined): string {
  const bare = (stored ?? "").split(";")[0]!.trim().toLowerCase();
  const type = LEGACY_ALIASES[bare] ?? bare;
  return type in EXTENSION ? type : OCTET_STREAM;
}

/** The extension for a served type ("bin" for application/octet-stream). */
export function extensionFor(servedType: string): string {
  return EXTENSION[servedType] ?? "bin";
}
