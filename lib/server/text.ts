import { z } from "zod";

// The one schema helper for text a user sends. PostgreSQL refuses NUL in text,
// and other control characters have no business in a title or a name, so:
// - single-line fields (titles, names, ids, emails) that hold a control
//   character are refused with the catalogue's "invalid characters" 400;
// - multi-line bodies (pasted text, transcript edits, questions) keep tabs and
//   line breaks and silently lose every other control character.
// No server imports: the browser's forms use the same schemas.

/** The catalogue key the error envelope uses for a refused field (lib/api/respond.ts reads it from the zod issue). */
export const INVALID_CHARACTERS_KEY = "common.invalidCharacters";

// C0 controls and DEL. Lone surrogates need no rule: the driver encodes them as U+FFFD.
const CONTROL = /[\u0000-\u001f\u007f]/;
// In multi-line text, everything above but tab, line feed and carriage return;
// vertical tab and form feed become line feeds.
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
const LINE_LIKE = /[\u000b\u000c]/g;

// White space and invisible format characters (zero-width space, joiners, BOM, bidi marks) at either end:
// a title of only U+200B looks empty, so trimming treats it as empty.
const EDGE_BLANKS = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/** Trims white space and invisible format characters from both ends. */
export function trimBlanks(text: string): string {
  return text.replace(EDGE_BLANKS, "");
}

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Removes control characters other than \t, \n and \r (vertical tab and form feed become \n). */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_EXCEPT_LINES, "").replace(LINE_LIKE, "\n");
}

export interface SafeTextOptions {
  max: number;
  min?: number;
  /** Multi-line: keep \t \n \r, strip other controls. Single-line (default): refuse any control character. */
  multiline?: boolean;
  /** Trim surrounding white space and invisible format characters first (default false). */
  trim?: boolean;
}

/** A user-text string field: length-checked, with control characters refused (single-line) or stripped (multi-line). */
export function safeText(opts: SafeTextOptions & { multiline: true }): z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
export function safeText(opts: SafeTextOptions & { multiline?: false }): z.ZodString;
export function safeText({ max, min, multiline = false, trim = false }: SafeTextOptions) {
  let base = z.string();
  if (trim) base = base.overwrite(trimBlanks);
  if (min !== undefined) base = base.min(min);
  base = base.max(max);
  if (multiline) return base.transform(stripControlCharacters);
  return base.refine((s) => !hasControlCharacters(s), { params: { key: INVALID_CHARACTERS_KEY } });
}

/** An id from a path, query or body: 1–64 characters, none of them control characters. */
export const safeId = safeText({ min: 1, max: 64 });
