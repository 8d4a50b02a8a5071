// Default speaker names ("Speaker 2") are stored in the language of the upload; a name that
// is still such a default is shown in the reader's language instead. One pattern per
// locale, the same as messages/<locale>/tasks.json "speakerDefault" (a test keeps them equal).
export const DEFAULT_SPEAKER_NAMES = {
  en: "Speaker {n}",
  zh: "说话人 {n}",
  de: "Sprecher {n}",
  it: "Interlocutore {n}",
  ru: "Спикер {n}",
  ja: "話者 {n}",
  ko: "화자 {n}",
  fr: "Intervenant {n}",
  es: "Hablante {n}",
} as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const DEFAULT_NAME = new RegExp(`^(?:${Object.values(DEFAULT_SPEAKER_NAMES).map((p) => escape(p).replace("\\{n\\}", "(\\d{1,3})")).join("|")})$`);

/** The number of a default name in any of the nine languages ("Sprecher 2" → 2), or null for a given name. */
export function defaultSpeakerNumber(name: string): number | null {
  const m = DEFAULT_NAME.exec(name.trim());
  const digits = m?.slice(1).find((g) => g !== undefined);
  return digits ? Number(digits) : null;
}

/** The name to show: empty or still a default name → the default in the reader's language (`defaultName`). */
export function displaySpeakerName(name: string | null | undefined, fallbackNumber: number, defaultName: (n: number) => string): string {
  const trimmed = name?.trim() ?? "";
  if (!trimmed) return defaultName(fallbackNumber);
  const n = defaultSpeakerNumber(trimmed);
  return n === null ? trimmed : defaultName(n);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The mark in a speaker's round avatar. A default name shows its number ("Speaker 2" → "2"): its first letter is the
 * same for every unnamed speaker ("S", "说"), so they would differ by colour alone. A given name shows its first
 * character, whole even when it is an emoji or outside the Basic Multilingual Plane.
 */
export function speakerMark(name: string): string {
  const n = defaultSpeakerNumber(name);
  if (n !== null) return String(n);
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next().value?.segment;
  return first ? first.toLocaleUpperCase() : "?";
}
