import "server-only";
import { AppError } from "@/lib/server/errors";
import { DECODE_PROFILES, type DecodeProfile } from "@/lib/speech/types";

/**
 * The decoding profile an uploader picks: "accurate" (the default) or "fast"
 * (the embedded engine decodes in about half the time at a cost in accuracy;
 * bench/README.md "speech-profiles", docs/speech-profiles.md). Stored on the
 * task and honoured by the pipeline; engines without such a choice ignore it.
 */

/** The multipart field `decode_profile` of an upload: absent or "" mean the default (stored as null). */
export function decodeProfileField(value: string | undefined): DecodeProfile | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (!(DECODE_PROFILES as readonly string[]).includes(v)) throw new AppError("tasks.decodeProfileInvalid");
  return v as DecodeProfile;
}

/** The stored column as the pipeline hands it to the engine; anything unknown means the default. */
export function decodeProfileOf(stored: string | null): DecodeProfile | undefined {
  return (DECODE_PROFILES as readonly string[]).includes(stored ?? "") ? (stored as DecodeProfile) : undefined;
}
