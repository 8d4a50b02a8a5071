import fs from "node:fs";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";

/** The shared speech corpus, read in place (never copied into the project). */
export const CORPUS_DIR = path.resolve(process.cwd(), "../shared/corpus");

export interface CorpusClip {
  file: string;
  /** Absolute path. */
  path: string;
  language: string;
  kind: string;
  durationSec: number;
  /** Reference text, or the name of a reference file for multi-speaker clips. */
  reference: string;
}

export function readManifest(dir = CORPUS_DIR): CorpusClip[] {
  const lines = fs.readFileSync(path.join(dir, "manifest.tsv"), "utf8").split("\n").filter(Boolean);
  const header = lines.shift()!.split("\t");
  const col = (name: string) => header.indexOf(name);
  return lines.map((line) => {
    const f = line.split("\t");
    return {
      file: f[col("file")]!,
      path: path.join(dir, f[col("file")]!),
      language: f[col("language")]!,
      kind: f[col("kind")]!,
      durationSec: Number(f[col("duration_s")]),
      reference: f[col("reference_text")]!,
    };
  });
}

/** English single-speaker clips with inline reference text. */
export function englishSingleClips(dir = CORPUS_DIR): CorpusClip[] {
  return readManifest(dir).filter((c) => c.language === "en" && c.kind === "single" && c.file.startsWith("single/"));
}

/** The English single-speaker clips, each normalised into `dir` as the 16 kHz mono WAV the engines read. */
export async function normalizedEnglishClips(dir: string): Promise<{ file: string; wav: string; reference: string }[]> {
  const clips = [];
  for (const c of englishSingleClips()) {
    const wav = path.join(dir, `${path.basename(c.file).replace(/\.\w+$/, "")}.wav`);
    await normalizeToWav(c.path, wav);
    clips.push({ file: c.file, wav, reference: c.reference });
  }
  return clips;
}
