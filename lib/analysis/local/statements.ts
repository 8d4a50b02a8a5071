// Which sentences a summary or a quiz may quote. Speech is full of greetings ("Hello?"),
// backchannel ("Neither did I.", "嗯，对") and fragments ("it's like"), and a document has
// headings and table rows: none of them says anything on its own.
import { FRAGMENT_UNITS, type Language, type Sentence } from "./text";

/** A statement names at least this many things (content words: not stopwords, greetings, fillers or numbers). */
export const MIN_CONTENT_WORDS = 2;

/** Prose of at least FRAGMENT_UNITS word units carrying at least MIN_CONTENT_WORDS content words. */
export function isStatement(s: Sentence): boolean {
  return s.block === "prose" && s.units >= FRAGMENT_UNITS && s.words.filter((w) => w.content).length >= MIN_CONTENT_WORDS;
}

// Words that open a spoken sentence without adding to it, when a comma follows them
// ("Okay, so, the budget…" → "The budget…"). Chinese and Japanese hesitations need no comma.
const OPENERS: Record<Language, string> = {
  en: "oh|uh|uhm|um|er|erm|ah|hmm|okay|ok|well|yeah|yes|yep|so|alright|all right|right|like|you know|i mean|anyway|now|hey",
  zh: "嗯|呃|啊|哦|噢|唉|那个|这个|就是|然后|对|对对|好|好的|是的|所以说",
  ja: "えー|えーと|えっと|あの|あのー|まあ|ええ|うん|はい",
  ko: "음|어|그|저|네|예|아",
  de: "also|äh|ähm|ja|na|nun|okay|gut|so",
  fr: "euh|bon|alors|bah|ben|donc|voilà|oui|ok|okay|eh bien",
  es: "eh|bueno|pues|vale|entonces|o sea|sí|vamos",
  it: "ehm|allora|beh|dunque|cioè|ecco|sì|ok|okay|insomma",
  ru: "ну|так|вот|короче|значит|эм|э|ладно|да|ок",
};
const BARE_HESITATION: Partial<Record<Language, RegExp>> = { zh: /^[嗯呃]+/u, ja: /^(?:えー+|えっと)/u };
const opener = new Map<Language, RegExp>();
function openerPattern(lang: Language): RegExp {
  let re = opener.get(lang);
  if (!re) opener.set(lang, (re = new RegExp(`^(?:${OPENERS[lang]})(?:\\s*[,，、…]+|\\.{3})\\s*`, "iu")));
  return re;
}

/** "Anna: …", "Dr. Li：…": a speaker's name written before a pasted turn (one to three short words, then a colon). */
const SPEAKER_LABEL = /^[^\s:：]{1,24}(?:\s[^\s:：]{1,24}){0,2}\s?[:：]\s*/u;

/**
 * The sentence without its opening fillers (after a speaker's name, if a pasted turn starts with
 * one), its first letter kept in upper case when it was; unchanged when nothing would be left.
 */
export function withoutOpeningFillers(text: string, lang: Language): string {
  const label = SPEAKER_LABEL.exec(text)?.[0] ?? "";
  return label + withoutFillers(text.slice(label.length), lang);
}

function withoutFillers(text: string, lang: Language): string {
  let rest = text;
  for (let i = 0; i < 4; i++) {
    const next = rest.replace(openerPattern(lang), "").replace(BARE_HESITATION[lang] ?? /^\b$/u, "").replace(/^[，、,\s]+/u, "");
    if (next === rest) break;
    rest = next;
  }
  if (rest === text || !/[\p{L}\p{N}]/u.test(rest)) return text;
  return /^\p{Lu}/u.test(text) ? rest.charAt(0).toLocaleUpperCase() + rest.slice(1) : rest;
}
