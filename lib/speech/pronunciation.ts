import "server-only";

/**
 * Pronunciations for hotwords from the model's cmudict dictionary. This
 * pocketsphinx build has no letter-to-sound rule (no `-g2p`), so a word
 * missing from the dictionary is composed from dictionary words or spelled
 * letter by letter (see hotword-lm.ts for how the result is used).
 */

/** cmudict: word → first pronunciation ("word(2) ..." lines are alternatives). */
export function readDictionary(text: string): Map<string, string> {
  const dict = new Map<string, string>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const word = line.slice(0, space);
    if (word.includes("(")) continue;
    if (!dict.has(word)) dict.set(word, line.slice(space + 1).trim());
  }
  return dict;
}

/**
 * A pronunciation for a word missing from the dictionary, made of the fewest
 * dictionary words (at least 3 letters each, at most 3 pieces) that spell it:
 * "woodcutters" = WOOD + CUTTERS. Compounds and names built from common parts
 * come out right; a word whose spelling does not split into words does not
 * get one. A short acronym is spelled letter by letter ("gpt" = G P T).
 */
export function composePronunciation(word: string, dict: Map<string, string>, isAcronym = false): string | undefined {
  if (isAcronym) {
    const letters = [...word].map((c) => dict.get(c));
    if (letters.every(Boolean)) return letters.join(" ");
  }
  const pieces = fewestPieces(word, dict);
  return pieces?.map((p) => dict.get(p)!).join(" ");
}

const MIN_PIECE = 3;
const MAX_PIECES = 3;

function fewestPieces(word: string, dict: Map<string, string>): string[] | undefined {
  // best[i]: the fewest pieces spelling word[0, i), preferring a longer last piece on ties.
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start <= end - MIN_PIECE; start++) {
      const before = best[start];
      const piece = word.slice(start, end);
      if (!before || before.length >= MAX_PIECES || !dict.has(piece)) continue;
      const current = best[end];
      if (!current || before.length + 1 < current.length) best[end] = [...before, piece];
    }
  }
  const out = best[word.length];
  return out && out.length > 1 ? out : undefined;
}

