import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { defaultSummaryStyle, type Passage } from "../types";
import { generateQuizLocally } from "./quiz";
import { summarizeLocally } from "./summarize";
import { analyzerTranslator, segmenterWords } from "./test-fixtures";

// The embedded engine's real output on two multi-speaker corpus clips (a phone call and a
// flight announcement): unpunctuated, ~40% wrong words, turns like "Hello" and "it's like".
// The analyzer must still quote only what stands alone.
const CLIPS = ["multi/pyannote_sample.wav", "multi/falcon_test.wav"];
const STOP = new Set("a an the of to in on and or but so is are was were be i i'm you he she it it's we they this that my oh hello okay yes no well like just know".split(" "));
const en = analyzerTranslator("en");
let decoded: Passage[] = [];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "noisy-speech-"));
  try {
    let at = 0;
    for (const clip of CLIPS) {
      const wav = path.join(dir, path.basename(clip));
      await normalizeToWav(path.resolve(process.cwd(), "../shared/corpus", clip), wav);
      const { segments } = await pocketsphinxEngine().transcribe(wav, {});
      for (const s of segments) decoded.push({ index: decoded.length, begin: at + s.begin, end: at + s.end, speaker: `Speaker ${(decoded.length % 2) + 1}`, text: s.text });
      at = decoded.at(-1)?.end ?? at;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  decoded = decoded.filter((p) => p.text.trim());
}, 120_000);

test("the decoded turns hold fragments the summary must leave out", () => {
  expect(decoded.length).toBeGreaterThan(4);
  expect(decoded.some((p) => segmenterWords(p.text, "en").length < 4)).toBe(true);
});

test("key points of pocketsphinx output: four words or more, never only stop words", () => {
  for (const lengthPreference of ["medium", "long"] as const) {
    const md = summarizeLocally({ title: "noisy", passages: decoded, style: { ...defaultSummaryStyle, enabled: true, lengthPreference }, t: en });
    const lines = md.split("\n");
    const start = lines.indexOf("## Key points");
    const keyPoints = start < 0 ? [] : lines.slice(start + 1).filter((l, i, all) => l.startsWith("- ") && !all.slice(0, i).some((x) => x.startsWith("## ")));
    for (const line of keyPoints) {
      const words = segmenterWords(line.slice(2), "en");
      expect(words.length).toBeGreaterThanOrEqual(4);
      expect(words.every((w) => STOP.has(w))).toBe(false);
    }
  }
});

test("quiz questions on pocketsphinx output keep their sentence around the blank", () => {
  for (const type of ["single", "truefalse", "comprehensive"] as const) {
    for (const q of generateQuizLocally({ passages: decoded, settings: { type, count: 10, includeAnswers: true, includeAnalysis: true }, t: en, seed: "noisy" })) {
      const text = q.kind === "single" ? q.prompt.replace(/^Fill in the blank: /, "").replace("____", " ") : q.kind === "truefalse" ? q.prompt.replace(/^True or false\? /, "") : null;
      if (text === null) continue;
      expect(segmenterWords(text, "en").length).toBeGreaterThanOrEqual(4);
      if (q.kind === "single") expect(STOP.has(q.options[q.answer[0]!]!.toLowerCase())).toBe(false);
    }
  }
});
