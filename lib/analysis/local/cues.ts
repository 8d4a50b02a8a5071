// Phrases that mark a sentence as an action item or a question, and a chat question as a request
// for an overview or a follow-up, in the nine interface languages.
import type { Language } from "./text";

/** Alternatives matched as whole words (scripts with spaces; \b does not know non-ASCII letters). */
function words(...alternatives: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

/** Alternatives matched anywhere (Chinese, Japanese; Korean endings). */
function anywhere(...alternatives: string[]): RegExp {
  return new RegExp(`(?:${alternatives.join("|")})`, "iu");
}

const WEEKDAYS_EN = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
// "I will" alone also starts narration ("I will say nothing of..."), so a commitment needs a task verb.
const TASK_VERBS_EN =
  "send|share|write|prepare|update|check|fix|review|draft|call|email|book|finish|submit|schedule|set up|organi[sz]e|create|deliver|follow up|contact|test|deploy|ship|look into|take care of|handle|circulate|present|order|upload|document|rewrite|coordinate|arrange";

const ACTION: Record<Language, RegExp> = {
  en: words(
    `(?:we|i|you|they|he|she|someone) (?:need|needs|have|has) to`,
    `we (?:must|should)`,
    `let's|let us`,
    `(?:i|we|you|he|she|they)(?: will|'ll| shall| am going to|'m going to| are going to|'re going to| is going to) (?:\\p{L}+ ){0,2}(?:${TASK_VERBS_EN})`,
    `(?:can|could|would|will) you (?:please )?(?:${TASK_VERBS_EN})`,
    `please|make sure|action items?|to-?do|follow[- ]up|deadline|(?:is|are) responsible for|assigned to`,
    `by (?:${WEEKDAYS_EN}|tomorrow|tonight|next week|the end of)`,
  ),
  zh: anywhere("我们需要", "大家需要", "你需要", "需要你", "必须", "务必", "得在", "要在", "负责", "跟进", "落实", "截止", "之前(?:完成|提交|发|给|准备)", "尽快", "待办", "记得", "别忘", "我来", "我会", "由.{1,8}(?:负责|来做)", "请(?!问)"),
  ja: anywhere("必要があります", "しなければ", "する必要", "お願いします", "お願い", "までに", "担当", "対応します", "送ります", "確認します", "しましょう", "やりましょう", "宿題", "タスク", "してください"),
  ko: anywhere("해야", "하겠습니다", "할게요", "부탁", "까지", "담당", "보내 ?드리", "합시다", "하자", "해 ?주세요", "주세요"),
  de: words("wir müssen", "ich muss", "du musst", "sie müssen", "wir sollten", "lass uns", "lasst uns", "ich werde", "wir werden", "bitte", "bis (?:montag|dienstag|mittwoch|donnerstag|freitag|morgen|nächste woche|ende)", "kümmert? sich", "kümmere mich", "zuständig", "aufgabe", "todo", "erledigen", "frist"),
  fr: words("il faut", "nous devons", "on doit", "je dois", "tu dois", "vous devez", "on va", "je vais", "nous allons", "je m'en occupe", "s'il (?:te|vous) plaît", "merci de", "(?:d'ici|avant) (?:lundi|mardi|mercredi|jeudi|vendredi|demain|la fin)", "à faire", "responsable de", "échéance"),
  es: words("tenemos que", "hay que", "debemos", "tengo que", "tienes que", "necesitamos", "vamos a", "voy a", "por favor", "antes del? (?:lunes|martes|miércoles|jueves|viernes|mañana|fin)", "para el (?:lunes|martes|miércoles|jueves|viernes)", "me encargo", "se encarga", "responsable de", "pendiente", "plazo"),
  it: words("dobbiamo", "devo", "devi", "bisogna", "occorre", "dovremmo", "facciamo", "farò", "mando", "invio", "per favore", "entro (?:lunedì|martedì|mercoledì|giovedì|venerdì|domani|la fine)", "me ne occupo", "responsabile", "da fare", "scadenza"),
  ru: words("нужно", "надо", "необходимо", "должны", "должен", "давайте", "сделаю", "отправлю", "пришлю", "подготовлю", "пожалуйста", "до (?:понедельника|вторника|среды|четверга|пятницы|завтра|конца)", "ответственн\\p{L}*", "задача", "срок"),
};

// For text without punctuation (pocketsphinx): how questions start, or in Chinese, Japanese and Korean, how they end.
const QUESTION_FORM: Record<Language, RegExp> = {
  en: /^(?:what|why|how|when|where|who|whom|whose|which|is there|are there|do you|does|did you|can we|can you|could we|could you|should we|shall we|would you|will you|have you)(?![\p{L}])/iu,
  zh: /(?:吗|呢|么)$|什么|怎么|为什么|哪|谁|多少|是否|是不是|有没有|能不能|要不要|会不会|对不对|好不好/u,
  ja: /(?:か|ですか|ますか|でしょうか|のか)$/u,
  ko: /(?:까|나요|니|는지|가요|습니까|죠)$/u,
  de: /^(?:was|warum|wieso|weshalb|wie|wann|wo|wer|welche[rsnm]?|können wir|kannst du|könnten|sollen wir|sollten wir|hast du|haben sie|gibt es|ist das)(?![\p{L}])/iu,
  fr: /^(?:qu'est-ce|pourquoi|comment|quand|où|qui|quel(?:le)?s?|est-ce|combien|peut-on|pouvez-vous|peux-tu)(?![\p{L}])/iu,
  es: /^(?:qué|por qué|cómo|cuándo|dónde|quién|quiénes|cuál|cuáles|cuánto|cuántos|cuántas|puedes|podemos)(?![\p{L}])/iu,
  it: /^(?:che cosa|cosa|perché|come|quando|dove|chi|quale|quali|quanto|quanti|possiamo|puoi)(?![\p{L}])/iu,
  ru: /^(?:что|почему|зачем|как|когда|где|кто|какой|какая|какие|сколько|разве|можно ли)(?![\p{L}])|(?<![\p{L}])ли(?![\p{L}])/iu,
};

// A chat question asking for the gist rather than a detail. Checked in every language: the
// user may ask in another language than the recording's.
const GENERAL_QUESTION: RegExp[] = [
  words(
    "what(?:'s| is| was)? (?:it|(?:this|the)(?: \\p{L}+)?) about",
    "summar(?:y|ise|ize)",
    "overview",
    "main (?:points?|topics?|ideas?)",
    "key (?:points?|takeaways?)",
    "tl;?dr",
    "gist",
    "recap",
  ),
  anywhere("总结", "概括", "归纳", "主要内容", "主要讲", "讲了什么", "说了什么", "讲的是什么", "关于什么", "大意", "摘要", "要点", "重点是什么", "讲什么"),
  anywhere("要約", "まとめ", "概要", "何について", "要点", "ポイントは"),
  anywhere("요약", "정리해", "무엇에 관한", "뭐에 관한", "주요 내용", "핵심"),
  words("zusammenfass\\p{L}*", "worum geht", "überblick", "hauptpunkte", "kernpunkte", "das wichtigste"),
  words("résum\\p{L}*", "de quoi (?:parle|s'agit)", "aperçu", "points principaux", "l'essentiel"),
  words("resum\\p{L}*", "de qu[eé] (?:trata|habla)", "puntos principales", "lo más importante"),
  words("riassun\\p{L}*", "di (?:che )?cosa (?:parla|si tratta)", "punti principali", "sintesi", "in breve"),
  words("о ч[её]м", "кратко", "резюм\\p{L}*", "суть", "итог\\p{L}*", "основн\\p{L}* (?:мысл|тем|пункт)\\p{L}*"),
];

// A whole question that only asks to go on ("and then?", "还有呢？").
const FOLLOW_UP: RegExp[] = [
  /^(?:and )?(?:then|and then|then what|what then|what else|anything else|more|tell me more|go on|continue|what next|next|and)$/iu,
  /^(?:然后呢?|还有呢?|还有吗|继续|更多|接着说|后来呢|详细点|详细说说|展开说说)$/u,
  /^(?:und dann|und weiter|weiter|mehr|was noch|sonst noch was)$/iu,
  /^(?:et (?:ensuite|après|puis)|ensuite|plus|encore|continue|quoi d'autre)$/iu,
  /^(?:y (?:luego|después|qué más)|más|sigue|continúa|qué más)$/iu,
  /^(?:e poi|poi|altro|ancora|continua|cos'altro)$/iu,
  /^(?:а дальше|и что дальше|дальше|ещё|еще|подробнее|продолжай)$/iu,
  /^(?:それで|それから|続けて|もっと|他には|ほかには)$/u,
  /^(?:그리고|그 다음은?|더|계속|또)$/u,
];

// Steering the conversation ("let's talk about pricing") is not a task.
const STEERING = new RegExp(
  words("let's (?:talk|discuss|move on|start|begin|go|see|look|recap|sum up|continue|get started)", "(?:need|have|want) to (?:talk|discuss|speak) about").source,
  "giu",
);

export function isActionItem(sentence: string, lang: Language): boolean {
  const text = sentence.replace(STEERING, "");
  return ACTION[lang].test(text) || (lang !== "en" && ACTION.en.test(text));
}

/**
 * Ends with a question mark, or (text without punctuation) has the form of a question. A clause
 * cut from a long sentence (ending in a comma or semicolon) is not judged by its form.
 */
export function isQuestion(sentence: string, lang: Language): boolean {
  const text = sentence.trim();
  if (/[?？]["'”’)）」』]*$/u.test(text)) return true;
  return !/[.!。！…,;:，；：、]$/u.test(text) && QUESTION_FORM[lang].test(text);
}

export function isGeneralQuestion(question: string): boolean {
  return GENERAL_QUESTION.some((re) => re.test(question));
}

export function isFollowUp(question: string): boolean {
  const bare = question.trim().replace(/[\s?？!！.。…,，]+$/u, "");
  return FOLLOW_UP.some((re) => re.test(bare));
}
