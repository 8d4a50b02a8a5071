/**
 * Generated transcript text for the search bench (bench/search.ts): sentences in
 * English, Chinese, Japanese, German, Spanish and French from small grammars, with
 * a long tail of made-up names (projects, people, places) drawn with a skew, so
 * that some words are everywhere and most are rare, as in real recordings.
 * Deterministic: a seeded generator, so two runs search the same library.
 */

/** mulberry32: small, fast, seeded. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export type BenchLanguage = "en" | "zh" | "ja" | "de" | "es" | "fr";

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
/** Index skewed towards 0: the first items of a list are drawn far more often than the last. */
const skewed = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(list.length * rand() ** 3)];

const words = (s: string) => s.split(" ");

const EN = {
  who: words("we I you they Maria David the team our client the manager everyone the designer the engineer"),
  verb: words("need to review should finish will present must check can improve want to discuss have to fix plan to launch decided to move agreed to test forgot to send"),
  adj: words("new final quarterly mobile internal difficult cheaper faster second public small urgent shared annual"),
  noun: words("budget report roadmap release contract design prototype schedule invoice survey campaign database dashboard interview workshop proposal feedback deadline warehouse training"),
  when: words("today|tomorrow|next week|before Friday|in March|after the holidays|by the end of the month|this afternoon|later|as soon as possible").join(" ").split("|"),
  filler: ["okay", "right", "so", "well", "you know", "actually", "I think", "to be honest"],
};

const ZH = {
  who: ["我们", "你", "他们", "小王", "李经理", "张总", "团队", "客户", "大家", "设计师", "工程师"],
  verb: ["需要检查", "应该完成", "准备讨论", "必须修改", "打算发布", "已经确认", "还没有提交", "决定推迟", "希望优化", "负责跟进"],
  adj: ["新的", "最终的", "季度", "内部", "紧急", "年度", "公开的", "便宜的"],
  noun: ["预算", "报告", "合同", "设计稿", "原型", "进度表", "发票", "问卷", "活动方案", "数据库", "仪表盘", "面试", "培训", "市场计划", "用户反馈", "仓库", "产品路线图"],
  when: ["今天", "明天", "下周", "周五之前", "三月份", "节后", "月底之前", "今天下午", "尽快", "下个季度"],
  filler: ["那个", "就是说", "其实", "对", "嗯", "我觉得"],
};

const JA = {
  who: ["私たち", "田中さん", "佐藤部長", "チーム", "お客様", "皆さん", "デザイナー", "エンジニア"],
  verb: ["確認する必要があります", "完成させるべきです", "検討します", "修正しなければなりません", "発表する予定です", "延期することにしました", "送ります"],
  adj: ["新しい", "最終的な", "四半期の", "社内の", "緊急の", "年間の"],
  noun: ["予算", "報告書", "契約", "設計", "試作品", "スケジュール", "請求書", "アンケート", "会議", "データベース", "研修", "提案書"],
  when: ["今日", "明日", "来週", "金曜日までに", "三月に", "月末までに", "午後", "できるだけ早く"],
  filler: ["えーと", "あの", "そうですね", "まあ"],
};

const DE = {
  who: words("wir ich Sie das Team unser Kunde die Managerin alle der Entwickler"),
  verb: ["müssen prüfen", "sollten abschließen", "wollen besprechen", "werden vorstellen", "haben verschoben", "können verbessern"],
  adj: words("neue finale interne dringende jährliche günstigere"),
  noun: words("Budget Bericht Vertrag Entwurf Prototyp Zeitplan Rechnung Umfrage Kampagne Datenbank Schulung Angebot"),
  when: ["heute", "morgen", "nächste Woche", "vor Freitag", "im März", "bis Monatsende", "so bald wie möglich"],
  filler: ["also", "genau", "ja", "na ja"],
};

const ES = {
  who: words("nosotros tú ellos Lucía Carlos el equipo el cliente todos la diseñadora"),
  verb: ["tenemos que revisar", "debemos terminar", "vamos a presentar", "queremos mejorar", "decidimos aplazar", "hay que enviar"],
  adj: words("nuevo final trimestral interno urgente anual"),
  noun: words("presupuesto informe contrato diseño prototipo calendario factura encuesta campaña formación propuesta"),
  when: ["hoy", "mañana", "la próxima semana", "antes del viernes", "en marzo", "a final de mes", "cuanto antes"],
  filler: ["bueno", "pues", "vale", "o sea"],
};

const FR = {
  who: words("nous tu ils Claire Julien l'équipe le client tout le monde la responsable"),
  verb: ["devons vérifier", "allons présenter", "voulons améliorer", "avons reporté", "devrions terminer", "allons envoyer"],
  adj: words("nouveau final trimestriel interne urgent annuel"),
  noun: words("budget rapport contrat maquette prototype planning facture sondage campagne formation devis"),
  when: ["aujourd'hui", "demain", "la semaine prochaine", "avant vendredi", "en mars", "d'ici la fin du mois", "dès que possible"],
  filler: ["alors", "bon", "en fait", "voilà"],
};

// Made-up names: syllables for Latin scripts, characters for CJK. A few thousand each,
// drawn with a skew: the long tail that makes most searched names rare.
const LATIN_SYLLABLES = words("ka lo mi ra ven tor sel dri an os ul bex zan qui mar tel fin gor pra sto lum vic dan rel");
const HAN = [..."安宝北晨达德东尔方飞丰光海汉浩和恒华辉佳江金锦京凯康兰乐力立利联林龙茂美明南宁鹏平启庆瑞润森山胜盛世泰天通伟文祥鑫新星兴旭亚耀益银永宇远跃云泽振正志中众卓"];
const KANA = [..."アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"];

function latinName(rand: Rand): string {
  const n = 2 + Math.floor(rand() * 2);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(rand, LATIN_SYLLABLES);
  return s[0].toUpperCase() + s.slice(1);
}

function buildNames(rand: Rand, count: number, make: (r: Rand) => string): string[] {
  const set = new Set<string>();
  while (set.size < count) set.add(make(rand));
  return [...set];
}

export interface Vocabulary {
  latinNames: string[];
  hanNames: string[];
  kanaNames: string[];
}

export function buildVocabulary(seed = 7): Vocabulary {
  const rand = seededRandom(seed);
  return {
    latinNames: buildNames(rand, 4000, latinName),
    hanNames: buildNames(rand, 3000, (r) => pick(r, HAN) + pick(r, HAN) + (r() < 0.3 ? pick(r, HAN) : "")),
    kanaNames: buildNames(rand, 2000, (r) => Array.from({ length: 3 + Math.floor(r() * 2) }, () => pick(r, KANA)).join("")),
  };
}

const GRAMMARS = { en: EN, zh: ZH, ja: JA, de: DE, es: ES, fr: FR } as const;

/** One spoken sentence: who, verb, adjective, noun, sometimes a name of the tail, a time and a filler. */
export function sentence(rand: Rand, lang: BenchLanguage, vocab: Vocabulary): string {
  const g = GRAMMARS[lang];
  const name = rand() < 0.6 ? (lang === "zh" ? skewed(rand, vocab.hanNames) : lang === "ja" ? skewed(rand, vocab.kanaNames) : skewed(rand, vocab.latinNames)) : "";
  const filler = rand() < 0.3 ? pick(rand, g.filler) : "";
  const who = skewed(rand, g.who);
  const verb = skewed(rand, g.verb);
  const adj = skewed(rand, g.adj);
  const noun = skewed(rand, g.noun);
  const when = pick(rand, g.when);
  if (lang === "zh") return `${filler}${who}${when}${verb}${name ? `${name}的` : ""}${adj}${noun}。`;
  if (lang === "ja") return `${filler ? `${filler}、` : ""}${who}は${when}${name ? `${name}の` : ""}${adj}${noun}を${verb}。`;
  const parts = [filler && `${filler},`, who, verb, lang === "en" ? "the" : "", adj, noun, name && (lang === "en" ? `for ${name}` : name), when];
  const text = parts.filter(Boolean).join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** One transcript entry: one or two sentences. */
export function entryText(rand: Rand, lang: BenchLanguage, vocab: Vocabulary): string {
  const first = sentence(rand, lang, vocab);
  if (rand() < 0.5) return first;
  return lang === "zh" || lang === "ja" ? first + sentence(rand, lang, vocab) : `${first} ${sentence(rand, lang, vocab)}`;
}

const LANGUAGE_SHARES: [BenchLanguage, number][] = [
  ["en", 0.4],
  ["zh", 0.25],
  ["ja", 0.1],
  ["de", 0.1],
  ["es", 0.08],
  ["fr", 0.07],
];

export function taskLanguage(rand: Rand): BenchLanguage {
  let u = rand();
  for (const [lang, share] of LANGUAGE_SHARES) {
    if (u < share) return lang;
    u -= share;
  }
  return "en";
}

export function taskTitle(rand: Rand, lang: BenchLanguage, vocab: Vocabulary, n: number): string {
  const g = GRAMMARS[lang];
  const name = lang === "zh" ? skewed(rand, vocab.hanNames) : lang === "ja" ? skewed(rand, vocab.kanaNames) : skewed(rand, vocab.latinNames);
  return `${name} ${pick(rand, g.noun)} #${n}`;
}

/** A summary in the analyzer's shape: a heading and a dozen bullet points. */
export function summaryText(rand: Rand, lang: BenchLanguage, vocab: Vocabulary, title: string): string {
  const lines = [`# ${title}`, ""];
  for (let i = 0; i < 12; i++) lines.push(`- ${sentence(rand, lang, vocab)}`);
  return lines.join("\n");
}

/** Queries as people type them: common nouns, two-word phrases, names of the tail, CJK words of two to four characters. */
export function benchQueries(rand: Rand, vocab: Vocabulary, count: number): { q: string; kind: string }[] {
  const out: { q: string; kind: string }[] = [];
  const kinds: [string, () => string][] = [
    ["latin name", () => vocab.latinNames[Math.floor(rand() * vocab.latinNames.length)]],
    ["latin name prefix", () => vocab.latinNames[Math.floor(rand() * vocab.latinNames.length)].slice(0, 4)],
    ["common word", () => pick(rand, [...EN.noun, ...DE.noun, ...ES.noun, ...FR.noun])],
    ["two words", () => `${pick(rand, EN.adj)} ${pick(rand, EN.noun)}`],
    ["zh word", () => pick(rand, ZH.noun.filter((w) => w.length <= 3))],
    ["zh name", () => vocab.hanNames[Math.floor(rand() * vocab.hanNames.length)]],
    ["ja word", () => pick(rand, JA.noun)],
    ["ja name", () => vocab.kanaNames[Math.floor(rand() * vocab.kanaNames.length)]],
  ];
  for (let i = 0; i < count; i++) {
    const [kind, make] = kinds[i % kinds.length];
    out.push({ q: make(), kind });
  }
  return out;
}
