/**
 * The held-out question set of "Ask your library" (bench/library-ask.ts, tests/integration/library-ask.test.ts):
 * 22 recordings built from shared/corpus reference texts (read in place) and 40+ questions, each with
 * the recording and moment it is about. English recordings take the English single clips' references
 * (real durations) and refs/lhotse_mini_librispeech_text (about 2.6 words a second), three or four
 * utterances each, dealt in turn; two Chinese ones take the Chinese clips' references and
 * refs/firered_text. A question names the two rarest content words of an utterance of at least six
 * words ("What was said about bartley and voyage?"); the Chinese ones are written by hand from their
 * reference text. Nothing in the retrieval was tuned on this set.
 */
import fs from "node:fs";
import path from "node:path";
import { CORPUS_DIR, readManifest } from "./corpus";

export interface LibraryUtterance {
  begin: number;
  end: number;
  text: string;
}

export interface LibraryRecording {
  title: string;
  utterances: LibraryUtterance[];
}

export interface LibraryQuestionCase {
  question: string;
  recording: number;
  /** The utterance the answer is in, ms. */
  begin: number;
  end: number;
}

const ENGLISH_RECORDINGS = 20;
const WORDS_PER_SECOND = 2.6;
const STOP = new Set(
  "a about above after again all also am an and any are as at be because been before being but by can could did do does doing down for from had has have having he her here him his how i if in into is it its just me more most my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours said upon one".split(" "),
);

function englishPool(): { text: string; ms: number }[] {
  const clips = readManifest()
    .filter((c) => c.language === "en" && c.kind === "single" && c.file.startsWith("single/"))
    .map((c) => ({ text: c.reference, ms: Math.round(c.durationSec * 1000) }));
  const libri = fs
    .readFileSync(path.join(CORPUS_DIR, "refs/lhotse_mini_librispeech_text"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" ").slice(1).join(" ").toLowerCase())
    .map((text) => ({ text, ms: Math.round((text.split(" ").length / WORDS_PER_SECOND) * 1000) + 500 }));
  return [...clips, ...libri];
}

const words = (text: string) => (text.toLowerCase().match(/[a-z']+/g) ?? []).map((w) => w.replace(/'s$/, "")).filter((w) => w.length >= 4 && !STOP.has(w));

function deal<T>(items: T[], n: number): T[][] {
  const out: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => out[i % n]!.push(item));
  return out;
}

function timed(parts: { text: string; ms: number }[]): LibraryUtterance[] {
  let at = 0;
  return parts.map((p) => {
    const u = { begin: at, end: at + p.ms, text: p.text };
    at += p.ms;
    return u;
  });
}

export function libraryQuestionSet(): { recordings: LibraryRecording[]; questions: LibraryQuestionCase[] } {
  const pool = englishPool();
  const df = new Map<string, number>();
  for (const p of pool) for (const w of new Set(words(p.text))) df.set(w, (df.get(w) ?? 0) + 1);
  const recordings: LibraryRecording[] = deal(pool, ENGLISH_RECORDINGS).map((parts, r) => ({ title: `Recording ${r + 1}`, utterances: timed(parts) }));
  const questions: LibraryQuestionCase[] = [];
  // The corpus holds a few sentences twice (a clip and a LibriSpeech line): a question about one has no single right recording.
  const copies = new Map<string, number>();
  for (const p of pool) copies.set(p.text.toLowerCase(), (copies.get(p.text.toLowerCase()) ?? 0) + 1);
  recordings.forEach((rec, r) => {
    const candidates = rec.utterances.filter((u) => copies.get(u.text.toLowerCase()) === 1 && words(u.text).length >= 4 && u.text.split(" ").length >= 6);
    for (const u of candidates.slice(0, 2)) {
      const rare = [...new Set(words(u.text))].sort((a, b) => df.get(a)! - df.get(b)! || b.length - a.length || a.localeCompare(b)).slice(0, 2);
      questions.push({ question: `What was said about ${rare.join(" and ")}?`, recording: r, begin: u.begin, end: u.end });
    }
  });

  const zh = readManifest().filter((c) => c.language === "zh");
  const ref = (name: string) => zh.find((c) => c.file.includes(name))!;
  const firered = Object.fromEntries(
    fs
      .readFileSync(path.join(CORPUS_DIR, "refs/firered_text"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.split(/\s+/)[0]!, l.split(/\s+/).slice(1).join("")]),
  );
  const zhA = timed([
    { text: ref("aishell_BAC009S0724W0121").reference, ms: 4281 },
    { text: firered["BAC009S0764W0121"]!, ms: 4204 },
    { text: firered["TEST_MEETING_T0000000001_S00000"]!, ms: 12369 },
  ]);
  const zhB = timed([
    { text: firered["IT0011W0001"]!, ms: 1992 },
    { text: firered["TEST_NET_Y0000000000_-KTKHdZ2fb8_S00000"]!, ms: 1800 },
  ]);
  recordings.push({ title: "录音 A", utterances: zhA }, { title: "录音 B", utterances: zhB });
  const a = recordings.length - 2;
  questions.push(
    { question: "商场上半年的业绩要怎么汇报？", recording: a, begin: zhA[2]!.begin, end: zhA[2]!.end },
    { question: "交易停滞是什么情况？", recording: a, begin: zhA[1]!.begin, end: zhA[1]!.end },
    { question: "房地产中介协会说了什么？", recording: a, begin: zhA[0]!.begin, end: zhA[0]!.end },
    { question: "谁说不清楚？", recording: a + 1, begin: zhB[1]!.begin, end: zhB[1]!.end },
  );
  return { recordings, questions };
}
