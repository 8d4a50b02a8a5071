// Transcripts and translators shared by the local analyzer's tests.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import enMessages from "@/messages/en/analyzer.json";
import deMessages from "@/messages/de/analyzer.json";
import zhMessages from "@/messages/zh/analyzer.json";
import type { Passage, Translate } from "../types";

/** A real translator over messages/<locale>/analyzer.json, as the worker binds it. */
export function analyzerTranslator(locale: "en" | "zh" | "de"): Translate {
  const messages = { analyzer: { en: enMessages, zh: zhMessages, de: deMessages }[locale] };
  const translator = createTranslator({ locale, messages, namespace: "analyzer" });
  return (key, values) => translator(key as never, values as never) as string;
}

/** Builds passages from [m:ss, speaker, text] rows; each ends where the next begins. */
export function passages(rows: [string, string | null, string][]): Passage[] {
  const ms = (clock: string) => {
    const [m, s] = clock.split(":").map(Number);
    return (m! * 60 + s!) * 1000;
  };
  return rows.map(([clock, speaker, text], index) => ({
    index,
    begin: ms(clock),
    end: index + 1 < rows.length ? ms(rows[index + 1]![0]) : ms(clock) + 15_000,
    speaker,
    text,
  }));
}

export const productMeeting: Passage[] = passages([
  ["0:00", "Anna", "Good morning everyone, thanks for joining the weekly product meeting. Today we need to decide on the launch date for the mobile app, review the pricing plans, and go through the beta feedback."],
  ["0:18", "Ben", "Sure. The beta feedback has been mostly positive. Users love the offline mode, but several testers reported that the sync between the phone and the web dashboard is slow."],
  ["0:40", "Chloe", "The sync problem comes from the way we upload attachments. Every attachment is uploaded again after each edit, so a large photo can block the whole upload queue."],
  ["1:05", "Ben", "Can we fix the attachment upload before the launch?"],
  ["1:12", "Chloe", "Yes, I think so. I will rewrite the upload queue this week so that only changed attachments are sent. That should make the sync about five times faster."],
  ["1:35", "Anna", "Good. Then let's talk about the launch date. Marketing proposed the fifteenth of March, which gives us three weeks after the sync fix."],
  ["1:52", "Ben", "Three weeks is tight but possible if the app store review goes smoothly. Apple usually needs two or three days for the review."],
  ["2:10", "Anna", "We agreed to launch on March fifteenth. Ben, please submit the build to the app store review by March eighth."],
  ["2:25", "Ben", "Okay, I will submit the build on March eighth at the latest."],
  ["2:40", "Anna", "Next topic is pricing. We currently plan two plans: a free plan with three projects and a pro plan for eight dollars a month."],
  ["3:02", "Chloe", "Several beta users asked for a team plan. Small companies want to share projects and pay with one invoice."],
  ["3:20", "Anna", "What would a team plan cost compared with the pro plan?"],
  ["3:28", "Chloe", "Other apps in this market charge about twelve dollars per user for team features such as shared projects, admin roles and a single invoice."],
  ["3:50", "Ben", "I would keep the launch simple and add the team plan in the second quarter. Supporting invoices needs work on the billing system."],
  ["4:10", "Anna", "Agreed. The pricing at launch is the free plan and the pro plan, and the team plan comes in the second quarter. Chloe, can you write a short proposal for the team plan pricing by next Friday?"],
  ["4:30", "Chloe", "Yes, I will send the proposal to everyone by Friday."],
  ["4:45", "Anna", "Last point: the support documentation. We need to update the help center articles about sync and offline mode before the launch."],
  ["5:05", "Ben", "I can draft the help center articles, and Chloe can check the technical details."],
  ["5:20", "Anna", "Great. To sum up: launch on March fifteenth, sync fix this week, team plan proposal by Friday, and new help center articles before the launch. Does anyone have other questions?"],
  ["5:40", "Chloe", "No, that's all from me. Thanks everyone."],
]);

export const chineseMeeting: Passage[] = passages([
  ["0:00", "张伟", "大家好，今天的会议主要讨论三件事：新版本的发布时间、客户反馈的问题，还有下季度的市场预算。"],
  ["0:15", "李娜", "先说客户反馈。上个月我们一共收到了一百二十条反馈，其中最多的是登录速度太慢，很多用户说打开应用要等十几秒。"],
  ["0:38", "王强", "登录慢的原因我们已经找到了，主要是服务器在验证用户身份的时候重复查询数据库。我们计划增加缓存，预计能把登录时间缩短到两秒以内。"],
  ["1:02", "张伟", "缓存方案需要多长时间？会不会影响发布时间？"],
  ["1:10", "王强", "开发大概需要一周，测试需要三天，不会影响发布。"],
  ["1:25", "张伟", "好的。那新版本的发布时间就定在四月十日。王强，请你在四月三日之前完成缓存的开发和测试。"],
  ["1:42", "王强", "没问题，我会在四月三日之前提交测试报告。"],
  ["1:55", "李娜", "还有一个反馈是关于支付的，部分用户在支付的时候遇到了失败的情况，尤其是使用信用卡的用户。"],
  ["2:15", "王强", "支付失败的问题和第三方支付接口有关，我们需要跟支付公司沟通，确认他们的接口有没有变化。"],
  ["2:35", "张伟", "李娜，你负责联系支付公司，下周一之前给我一个答复。"],
  ["2:48", "李娜", "好的，我下周一之前把结果发给大家。"],
  ["3:00", "张伟", "最后是市场预算。下季度的市场预算是五十万元，比这个季度多了百分之二十。"],
  ["3:20", "李娜", "我建议把一半的预算用在线上广告上，另一半用在线下的行业展会。"],
  ["3:40", "王强", "线下展会的效果怎么评估？我们去年参加的两个展会，带来的客户都很少。"],
  ["4:00", "张伟", "这个问题很好。我们需要为每个展会设定明确的目标，比如收集多少条销售线索。李娜，请你下周准备一份详细的预算方案。"],
  ["4:20", "李娜", "好的，我会准备预算方案，并且把展会的评估标准也写进去。"],
]);

/** What pocketsphinx gives: lower case, no punctuation, long passages. */
export const unpunctuatedLecture: Passage[] = passages([
  [
    "0:00",
    null,
    "so the first thing we need to talk about is the budget for next year we have about two hundred thousand dollars for the marketing team and most of the budget will go to online advertising the second thing is the hiring plan we want to hire two engineers and one designer before the summer and the third thing is the office move which is planned for september",
  ],
  [
    "0:45",
    null,
    "i think the hiring plan is the most urgent one because new engineers need time to learn the product what do you think about starting the interviews next month we should also ask the recruiting agency to send us more candidates for the engineering interviews",
  ],
  [
    "1:30",
    null,
    "about the office move the new office is closer to the train station and it has two meeting rooms the landlord wants the contract signed by the end of june so the office move needs a decision from the board soon",
  ],
]);

// ---- real speech text from shared/corpus, read in place ----------------------------------------

const CORPUS = path.resolve(process.cwd(), "../shared/corpus");

/** The corpus clips' reference transcripts: [language, file, duration s, text]. */
export function corpusReferences(): { language: string; file: string; durationSec: number; text: string }[] {
  const [header, ...rows] = fs.readFileSync(path.join(CORPUS, "manifest.tsv"), "utf8").split("\n").filter(Boolean);
  const col = (name: string) => header!.split("\t").indexOf(name);
  return rows.map((row) => row.split("\t")).map((f) => ({ language: f[col("language")]!, file: f[col("file")]!, durationSec: Number(f[col("duration_s")]), text: f[col("reference_text")]! }));
}

/** The single clips of one language joined into one recording, the speakers taking turns clip by clip. */
export function joinedClips(language: string, speakers: string[]): Passage[] {
  let at = 0;
  return corpusReferences()
    .filter((c) => c.language === language && c.file.startsWith(language === "en" ? "single/" : `${language}/`))
    .map((c, index) => {
      const p = { index, begin: Math.round(at), end: Math.round(at + c.durationSec * 1000), speaker: speakers[index % speakers.length]!, text: c.text };
      at += c.durationSec * 1000;
      return p;
    });
}

/** multi/pyannote_sample.stm: Diane and Sheila on the phone, with their greetings and backchannel. */
export function pyannoteSample(): Passage[] {
  return fs
    .readFileSync(path.join(CORPUS, "multi/pyannote_sample.stm"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line, index) => {
      const [, , speaker, start, end, ...words] = line.split(/\s+/);
      return { index, begin: Math.round(Number(start) * 1000), end: Math.round(Number(end) * 1000), speaker: speaker!, text: words.join(" ") };
    });
}

/** Words as Intl.Segmenter sees them, not as the analyzer counts them. */
export function segmenterWords(text: string, locale: string): string[] {
  return [...new Intl.Segmenter(locale, { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLocaleLowerCase(locale));
}
