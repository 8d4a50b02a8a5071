import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { composePronunciation, hotwordModel, hotwordVocabulary, readDictionary, unigramLog10 } from "./hotword-lm";
import { POCKETSPHINX_MODEL, pocketsphinxEngine } from "./pocketsphinx";

const base = { baseLm: POCKETSPHINX_MODEL.lm, baseDict: POCKETSPHINX_MODEL.dict };
const corpus = path.resolve(process.cwd(), "../shared/corpus/single");
let dir: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "hotword-lm-"));
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

/** Log10 probability of the last word of `text` after the others, as sphinxbase itself scores it with this LM. */
function lmScore(lm: string, text: string): number {
  const out = execFileSync("sphinx_lm_eval", ["-lm", lm, "-text", text, "-verbose", "yes"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const last = text.split(" ").at(-1)!;
  const m = out.match(new RegExp(`log P\\(${last}\\|[^)]*\\) = (-?\\d+)`));
  if (!m) throw new Error(`no score for "${text}" in: ${out}`);
  return Number(m[1]) * Math.log10(1.0001);
}

test("hotwordVocabulary keeps the English words: no Chinese, no accents, hyphens split, case folded", () => {
  expect(hotwordVocabulary(["听记", "Zürich", "Mr. Quilter", "state-of-the-art", "iPhone 15", "quilter"])).toEqual(["art", "iphone", "mr", "of", "quilter", "state", "the", "zurich"]);
  expect(hotwordVocabulary(["听记", "会议纪要"])).toEqual([]);
});

test("composePronunciation joins dictionary words, spells short acronyms, and gives up on the rest", () => {
  const dict = readDictionary(fs.readFileSync(POCKETSPHINX_MODEL.dict, "latin1"));
  expect(composePronunciation("woodcutters", dict)).toBe(`${dict.get("wood")} ${dict.get("cutters")}`);
  expect(composePronunciation("gpt", dict, true)).toBe(`${dict.get("g")} ${dict.get("p")} ${dict.get("t")}`);
  expect(composePronunciation("xyzzyqq", dict)).toBeUndefined();
});

describe("a built hotword model", () => {
  const hotwords = ["Netherlands", "amiable", "Mr. Quilter", "woodcutters", "Xyzzyqq", "听记"];
  let cacheDir: string;
  beforeAll(() => {
    cacheDir = path.join(dir, "cache");
  });

  test("boosts the hotwords, adds the missing ones, composes or skips pronunciations, and is cached", async () => {
    const first = await hotwordModel(hotwords, { ...base, cacheDir });
    expect(first).toMatchObject({ cached: false, boosted: ["amiable", "netherlands"], added: ["quilter", "woodcutters"], common: ["mr"], skipped: ["xyzzyqq"] });
    // "quilter" is in the dictionary, only missing from the LM; "woodcutters" is in neither.
    expect(Object.keys(first!.composed)).toEqual(["woodcutters"]);
    const dict = fs.readFileSync(first!.dict, "latin1");
    expect(dict).toContain(`\nwoodcutters ${first!.composed.woodcutters}\n`);

    const [before, after] = [fs.readFileSync(POCKETSPHINX_MODEL.lm), fs.readFileSync(first!.lm)];
    const words = ["netherlands", "amiable", "quilter", "woodcutters", "xyzzyqq", "house"];
    const [baseUni, hotUni] = [unigramLog10(before, words), unigramLog10(after, words)];
    expect(baseUni[2]).toBeUndefined();
    expect(hotUni[0]! - baseUni[0]!).toBeGreaterThan(1.5); // -5.1 → -3.5 (the ceiling)
    expect(hotUni[1]! - baseUni[1]!).toBeGreaterThan(2); // -6.5 → -4.0
    expect(hotUni[2]).toBeCloseTo(-3.5, 1);
    expect(hotUni[3]).toBeCloseTo(-3.5, 1);
    expect(hotUni[4]).toBeUndefined();
    // Renormalised: the other words lose a little, not more.
    expect(hotUni[5]! - baseUni[5]!).toBeLessThan(0);
    expect(hotUni[5]! - baseUni[5]!).toBeGreaterThan(-0.01);

    // sphinxbase reads the patched file, and the n-grams that end in a hotword score higher in it.
    for (const text of ["of the netherlands", "made amiable"]) {
      expect(lmScore(first!.lm, text)).toBeGreaterThan(lmScore(POCKETSPHINX_MODEL.lm, text) + 1.5);
    }
    expect(lmScore(first!.lm, "of the house")).toBeCloseTo(lmScore(POCKETSPHINX_MODEL.lm, "of the house"), 1);

    // The same set in another order is the same model, read from the cache: the files are not written again.
    const written = [fs.statSync(first!.lm).mtimeMs, fs.statSync(first!.dict).mtimeMs];
    const second = await hotwordModel([...hotwords].reverse(), { ...base, cacheDir });
    expect(second).toEqual({ ...first, cached: true });
    expect([fs.statSync(first!.lm).mtimeMs, fs.statSync(first!.dict).mtimeMs]).toEqual(written);
  });

  test("concurrent calls for one set get one model, and the least recently used set is evicted", async () => {
    const opts = { ...base, cacheDir: path.join(dir, "small"), maxCached: 1 };
    const [a, b] = await Promise.all([hotwordModel(["Dashwood"], opts), hotwordModel(["dashwood"], opts)]);
    expect(a!.lm).toBe(b!.lm);
    const other = await hotwordModel(["Gutenberg"], opts);
    expect(fs.existsSync(a!.lm)).toBe(false);
    expect(fs.existsSync(other!.lm)).toBe(true);
    expect((await hotwordModel(["Dashwood"], opts))!.cached).toBe(false);
  });

  test("a list without English words needs no model", async () => {
    expect(await hotwordModel(["听记", "会议纪要"], { ...base, cacheDir })).toBeUndefined();
  });

  test("refuses a file that is not a trie LM", async () => {
    const bogus = path.join(dir, "bogus.lm.bin");
    await fsp.writeFile(bogus, "Darpa Trigram LM");
    await expect(hotwordModel(["amiable"], { ...base, baseLm: bogus, cacheDir })).rejects.toThrow(/not a sphinxbase trie language model/);
  });
});

describe("pocketsphinx with hotwords, on corpus clips", () => {
  const engine = pocketsphinxEngine();
  const savedTmp = process.env.TMPDIR;
  const text = async (clip: string, hotwords?: string[]) => {
    const wav = path.join(dir, `${clip}.wav`);
    if (!fs.existsSync(wav)) await normalizeToWav(path.join(corpus, `${clip}.wav`), wav);
    const result = await engine.transcribe(wav, { hotwords });
    return result.segments.map((s) => s.text).join(" ").toLowerCase(); // segments start with a capital
  };
  beforeAll(async () => {
    // The engine caches under the system temp dir; keep this test's models in its own.
    process.env.TMPDIR = await fsp.mkdtemp(path.join(dir, "tmp-"));
  });
  afterAll(() => {
    process.env.TMPDIR = savedTmp;
  });

  // Measured with reused decoders (each clip one utterance): without hotwords "john guess would have been".
  test("a name the decoder mishears: 'Dashwood'", async () => {
    expect(await text("en_librivox_ss01_0870")).not.toContain("dashwood");
    expect(await text("en_librivox_ss01_0870", ["Dashwood"])).toContain("mr john dashwood had been at leisure");
  }, 60_000);

  // "quilter" is in the dictionary but not in the LM: without hotwords it is "coulter".
  test("a word added to the LM: 'Mr. Quilter'", async () => {
    expect(await text("en_leopard_test")).toContain("mr coulter");
    expect(await text("en_leopard_test", ["Mr. Quilter", "apostle"])).toContain("mr quilter is the apostle of the middle classes");
  }, 60_000);

  // "thereunder" is in neither: its pronunciation is composed from "there" + "under" (the dictionary test above shows
  // the composition). With each clip decoded as one utterance the boost no longer tips "there ponder" into it on
  // en_LJ050-0131 (bench/README.md "hotwords"), so no decoding claim is made for it here.

  test("Chinese hotwords leave the English decoding as it was", async () => {
    expect(await text("en_librivox_ss01_0870", ["听记", "会议纪要"])).toBe(await text("en_librivox_ss01_0870"));
  }, 60_000);
});
