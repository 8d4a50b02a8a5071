/**
 * Transcripts built from shared/corpus (read in place) whose topic changes are known: clips of
 * one source (the eight LJ001 sentences on printing, the five Sense and Sensibility sentences,
 * the pyannote_sample call, …) form a topic, and the joins between two sources are the true
 * chapter boundaries. Each clip's reference text spans the clip's real duration; the call keeps
 * its STM turns and times. Used by bench/chapters.ts and lib/analysis/local/outline.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { Passage } from "@/lib/analysis/types";
import { CORPUS_DIR, readManifest, type CorpusClip } from "./corpus";

export interface Piece {
  /** Offset into the recording, ms. */
  begin: number;
  end: number;
  speaker: string | null;
  text: string;
}

export interface TopicGroup {
  name: string;
  durationMs: number;
  /** Times relative to the group's start. */
  pieces: Piece[];
}

export interface ChapterRecording {
  label: string;
  passages: Passage[];
  durationMs: number;
  /** Where one source ends and another starts, ms. */
  joins: number[];
}

/** The source a clip belongs to: "LJ001", "librivox_ss01", "jfk", … */
function sourceOf(file: string): string {
  const base = path.basename(file).replace(/\.\w+$/, "").replace(/^en_/, "");
  if (/^LJ\d{3}-/.test(base)) return base.slice(0, 5);
  if (base.startsWith("librispeech-")) return base.split("-").slice(0, 3).join("-");
  return base.replace(/[_-]\d+$/, "");
}

function stmPieces(file: string): Piece[] {
  return fs
    .readFileSync(path.join(CORPUS_DIR, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [, , speaker, start, end, ...words] = line.split(/\s+/);
      return { begin: Number(start) * 1000, end: Number(end) * 1000, speaker: speaker!, text: words.join(" ") };
    });
}

/** One group per source, in manifest order: English single clips with inline text, and multi/ clips (the STM's words where one exists, else no words). */
export function topicGroups(clips: CorpusClip[] = readManifest().filter((c) => c.language === "en" && (c.file.startsWith("single/") || c.file.startsWith("multi/")))): TopicGroup[] {
  const groups: TopicGroup[] = [];
  for (const clip of clips) {
    const name = sourceOf(clip.file);
    const ms = Math.round(clip.durationSec * 1000);
    let group = groups[groups.length - 1];
    if (!group || group.name !== name) groups.push((group = { name, durationMs: 0, pieces: [] }));
    const stm = clip.file.replace(/\.wav$/, ".stm");
    const pieces = clip.kind === "multi" ? (fs.existsSync(path.join(CORPUS_DIR, stm)) ? stmPieces(stm) : []) : [{ begin: 0, end: ms, speaker: null, text: clip.reference }];
    for (const p of pieces) group.pieces.push({ ...p, begin: group.durationMs + p.begin, end: group.durationMs + p.end });
    group.durationMs += ms;
  }
  return groups;
}

/** Groups one after another; single-speaker text is given to the speakers in turn, group by group. */
export function joinGroups(label: string, groups: TopicGroup[], speakers = ["Alice", "Bob", "Chen"]): ChapterRecording {
  const passages: Passage[] = [];
  const joins: number[] = [];
  let at = 0;
  groups.forEach((g, k) => {
    if (k > 0 && groups[k - 1]!.name !== g.name) joins.push(at);
    for (const p of g.pieces) {
      const text = p.text.replace(/\s+/g, " ").trim();
      if (text) passages.push({ index: passages.length, begin: at + p.begin, end: at + p.end, speaker: p.speaker ?? speakers[k % speakers.length]!, text });
    }
    at += g.durationMs;
  });
  return { label, passages, durationMs: at, joins };
}

/** The sources long enough to be a topic of their own (at least three sentences of text). */
export const TOPIC_SOURCES = ["LJ001", "librivox_ss01", "pyannote_sample"] as const;

/**
 * Every order of the topical sources, each with one short clip source (JFK, LJ050, …) put
 * between two of them: 6 orders × 3 fillers = 18 recordings of about two minutes.
 */
export function shortChapterRecordings(): ChapterRecording[] {
  const groups = topicGroups();
  const byName = new Map(groups.map((g) => [g.name, g]));
  const topical = TOPIC_SOURCES.map((n) => byName.get(n)!);
  const fillers = ["jfk", "LJ050", "librispeech-1995-1837"].map((n) => byName.get(n)!);
  const orders = permutations(topical);
  const out: ChapterRecording[] = [];
  orders.forEach((order, i) =>
    fillers.forEach((filler, j) => {
      const withFiller = [...order.slice(0, 1 + ((i + j) % 2)), filler, ...order.slice(1 + ((i + j) % 2))];
      out.push(joinGroups(`${withFiller.map((g) => g.name).join("+")}`, withFiller));
    }),
  );
  return out;
}

/**
 * The 60-minute recording of bench/speech-long.ts (the English single/ and multi/ clips in
 * manifest order, over and over), as its reference transcript.
 */
export function hourRecording(minutes = 60): ChapterRecording {
  const cycle = topicGroups();
  const cycleMs = cycle.reduce((n, g) => n + g.durationMs, 0);
  const groups: TopicGroup[] = [];
  for (let at = 0; at < minutes * 60_000; at += cycleMs) groups.push(...cycle);
  return joinGroups(`${minutes}-minute corpus recording`, groups);
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Precision and recall of chapter starts against the joins, each matched at most once within `toleranceMs`. */
export function boundaryScore(found: number[], joins: number[], toleranceMs = 10_000): { hits: number; precision: number; recall: number } {
  const free = [...joins];
  let hits = 0;
  for (const b of found) {
    const k = free.findIndex((j) => Math.abs(j - b) <= toleranceMs);
    if (k >= 0) {
      hits++;
      free.splice(k, 1);
    }
  }
  return { hits, precision: found.length ? hits / found.length : 1, recall: joins.length ? hits / joins.length : 1 };
}
