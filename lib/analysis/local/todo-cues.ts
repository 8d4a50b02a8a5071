// Who an action item names and when it is due, as said in the sentence. Only the plain forms:
// "Maria will send…", "Tom, can you…", "assigned to Li", "由王伟负责"; "by Friday", "next week",
// "March 3", "下周五之前", "3月5日". Anything else leaves the owner to the speaker and no date.
import type { Language } from "./text";

const NOT_NAMES = new Set(
  "i we you they he she it let let's please someone everyone everybody anyone somebody nobody then so and but okay ok well also now this that there here the a maybe perhaps yes no".split(" "),
);

const OWNER_EN = [
  /(?:^|[\s,;:])([A-Z][\p{L}'-]{1,20})(?: [A-Z][\p{L}'-]{1,20})?,? (?:will|'ll|is going to|needs to|has to|should|must|can you|could you|please|is responsible for|takes care of)\b/u,
  /\b(?:assigned to|owner is|owned by) ([A-Z][\p{L}'-]{1,20})/u,
  /^([A-Z][\p{L}'-]{1,20}), (?:can|could|would|will|please)\b/u,
];
const OWNER_ZH = [/由([\p{Script=Han}]{2,4}?)(?:来|去)?(?:负责|跟进|处理|完成)/u, /请([\p{Script=Han}]{2,3}?)(?:老师|同学|经理|总)?(?:负责|跟进|准备|发送|整理)/u];

export function ownerNameIn(sentence: string, lang: Language): string | null {
  if (lang === "zh" || lang === "ja") {
    for (const re of OWNER_ZH) {
      const m = re.exec(sentence);
      if (m) return m[1]!;
    }
    return null;
  }
  for (const re of OWNER_EN) {
    const m = re.exec(sentence);
    if (m && !NOT_NAMES.has(m[1]!.toLowerCase())) return m[1]!;
  }
  return null;
}

const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const DUE_EN = new RegExp(
  `\\b(?:(?:by|before|until|due|on|this|next) )?(?:(?:next |this )?(?:${WEEKDAYS})|tomorrow|tonight|today|next (?:week|month|quarter)|(?:the )?end of (?:the )?(?:day|week|month|quarter|year)|(?:${MONTHS}) \\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)? of (?:${MONTHS}))\\b`,
  "iu",
);
const DUE_ZH = /(?:今天|明天|后天|本周[一二三四五六日天]?|这周[一二三四五六日天]?|下周[一二三四五六日天]?|下个?星期[一二三四五六日天]?|周[一二三四五六日天]|星期[一二三四五六日天]|月底|年底|月初|下个月|\d{1,2}月\d{1,2}[日号]|[一二三四五六七八九十]{1,2}月[一二三四五六七八九十]{1,3}[日号])(?:之前|以前|前|底前)?/u;

export function dueDateIn(sentence: string, lang: Language): string | null {
  const m = (lang === "zh" || lang === "ja" ? DUE_ZH : DUE_EN).exec(sentence) ?? (lang === "en" ? null : DUE_EN.exec(sentence));
  const due = m?.[0].trim();
  // "on Monday" needs the day; "by" or "this" alone is no date.
  return due && !/^(?:by|before|until|due|on|this|next)$/i.test(due) ? due : null;
}
