// Client-side pre-checks of an upload (validation rules): size per kind, type by
// extension (or the type the browser gives), file count. The server checks again
// by content; these only spare the user a pointless upload. Messages are the
// error catalogue's (errors.upload.*).
import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS } from "@/lib/media/formats";
import { AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_MAX_BYTES } from "@/lib/media/limits";

export { AUDIO_EXTENSIONS, AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_EXTENSIONS, VIDEO_MAX_BYTES };

/** Share of the monthly quota from which the upload dialog warns (validation rules "a large share"): 20 %. */
export const LARGE_SHARE_OF_QUOTA = 0.2;

export type UploadMode = "audio" | "video";

export function extensionOf(name: string): string {
  const m = /\.[^./\\]+$/.exec(name);
  return m ? m[0].toLowerCase() : "";
}

/**
 * The kind a file is by its extension, else by the type the browser gives it (a recording
 * named without a known extension); null when neither says audio or video.
 */
export function kindOf(file: { name: string; type?: string }): UploadMode | null {
  const ext = extensionOf(file.name);
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return "audio";
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return "video";
  if (file.type?.startsWith("audio/")) return "audio";
  if (file.type?.startsWith("video/")) return "video";
  return null;
}

/**
 * The file picker's filter. Both dialogs take both kinds (the server tells them apart by
 * content), so the picker shows every recording, whichever button opened it.
 */
export const UPLOAD_ACCEPT = [...AUDIO_EXTENSIONS, ...VIDEO_EXTENSIONS, "audio/*", "video/*"].join(",");

/** An error catalogue key (under errors.) with its parameters. */
export interface RuleProblem {
  key: "upload.audioTooLarge" | "upload.videoTooLarge" | "upload.unsupportedType" | "upload.fileCountExceeded" | "upload.emptyFile";
  params: Record<string, string | number>;
}

/** Checks of one file on its own: type, then size for its kind. */
export function checkFile(file: { name: string; size: number; type?: string }): RuleProblem | null {
  const kind = kindOf(file);
  if (!kind) return { key: "upload.unsupportedType", params: { files: file.name } };
  if (file.size === 0) return { key: "upload.emptyFile", params: { file: file.name } };
  if (kind === "audio" && file.size > AUDIO_MAX_BYTES) return { key: "upload.audioTooLarge", params: { file: file.name } };
  if (kind === "video" && file.size > VIDEO_MAX_BYTES) return { key: "upload.videoTooLarge", params: { file: file.name } };
  return null;
}

/**
 * Splits newly picked files into accepted ones and problems, given how many
 * are already in the dialog. Unsupported files are reported together in one
 * message listing them (error catalogue "unsupported type (lists files)").
 */
export function screenFiles(picked: { name: string; size: number; type?: string }[], alreadyChosen: number) {
  const accepted: number[] = [];
  const problems: RuleProblem[] = [];
  const unsupported: string[] = [];
  let countExceeded = false;
  picked.forEach((f, i) => {
    const p = checkFile(f);
    if (p?.key === "upload.unsupportedType") unsupported.push(f.name);
    else if (p) problems.push(p);
    else if (alreadyChosen + accepted.length >= MAX_FILES_PER_UPLOAD) countExceeded = true;
    else accepted.push(i);
  });
  if (unsupported.length) problems.unshift({ key: "upload.unsupportedType", params: { files: unsupported.join(", ") } });
  if (countExceeded) problems.push({ key: "upload.fileCountExceeded", params: { max: MAX_FILES_PER_UPLOAD } });
  return { accepted, problems };
}

