import "server-only";

/**
 * Reading and editing sphinxbase 5prealpha "Trie Language Model" files in
 * place (the hotword boost of hotword-lm.ts): Debian's `sphinx_lm_convert`
 * cannot write the model as ARPA, and the trie layout is simple enough to
 * patch directly.
 */

/** Log10 caps of a boost: for the unigram and for the n-grams above it. */
export interface BoostCeilings {
  unigram: number;
  ngram: number;
}

/** Probabilities in the file are logarithms in base 1.0001 (sphinxbase's default -logbase). */
const LOG10_PER_UNIT = Math.log10(1.0001);
const HEADER = "Trie Language Model";
const QUANT_BINS = 1 << 16;
const UNIGRAM_BYTES = 12; // float prob, float backoff, uint32 first n-gram under it

/** One level of n-grams above unigrams: fixed-width bit-packed records. */
interface NgramLevel {
  /** Byte offset of the level in the file. */
  offset: number;
  wordBits: number;
  recordBits: number;
  /** Bit offset of the 16-bit quantised probability within a record. */
  probAt: number;
  /** Bit offset and width of the pointer to the next level's records (0 bits on the last level). */
  nextAt: number;
  nextBits: number;
  /** Sorted quantisation bins of this level's probabilities. */
  probBins: Float32Array;
}

/**
 * File layout: header text; uint8 order; uint32 count per order; int32 (unused);
 * float32 quantisation bins (per middle order 2^16 probabilities then 2^16
 * backoffs, then 2^16 probabilities of the highest order); the unigram
 * records plus one sentinel; the bit-packed middle levels and the highest
 * level; int32 byte length and the NUL-terminated words in id order.
 * A middle record is [word][backoff 16][prob 16][next]; a highest-order record
 * is [word][prob 16]. Each level has one extra record at the end (for the
 * last pointer) and 8 bytes of padding. Records under unigram w are the
 * n-grams ending in w, keyed by the previous word (the trie is reversed).
 */
export class TrieLm {
  private readonly buf: Buffer;
  private readonly counts: number[];
  private readonly unigramOffset: number;
  private readonly levels: NgramLevel[];
  private readonly wordsOffset: number;
  private readonly words: string[];
  private readonly ids = new Map<string, number>();

  constructor(bytes: Buffer) {
    this.buf = bytes;
    if (bytes.toString("latin1", 0, HEADER.length) !== HEADER) throw new Error("not a sphinxbase trie language model");
    let at = HEADER.length;
    const order = bytes.readUInt8(at);
    at += 1;
    if (order < 2) throw new Error("a unigram-only language model has no n-grams to boost");
    this.counts = Array.from({ length: order }, (_, i) => bytes.readUInt32LE(at + 4 * i));
    at += 4 * order + 4;
    const binsAt = at;
    at += ((order - 2) * 2 + 1) * QUANT_BINS * 4;
    this.unigramOffset = at;
    at += (this.counts[0]! + 1) * UNIGRAM_BYTES;
    this.levels = [];
    const wordBits = requiredBits(this.counts[0]!);
    for (let n = 2; n <= order; n++) {
      const last = n === order;
      const nextBits = last ? 0 : requiredBits(this.counts[n]!);
      const recordBits = wordBits + (last ? 16 : 32) + nextBits;
      const binsOffset = binsAt + (last ? (order - 2) * 2 : (n - 2) * 2) * QUANT_BINS * 4;
      this.levels.push({
        offset: at,
        wordBits,
        recordBits,
        probAt: last ? wordBits : wordBits + 16,
        nextAt: wordBits + 32,
        nextBits,
        probBins: new Float32Array(bytes.buffer.slice(bytes.byteOffset + binsOffset, bytes.byteOffset + binsOffset + QUANT_BINS * 4)),
      });
      at += Math.floor(((this.counts[n - 1]! + 1) * recordBits + 7) / 8) + 8;
    }
    this.wordsOffset = at;
    const length = bytes.readInt32LE(at);
    if (at + 4 + length !== bytes.length) throw new Error("unexpected trie language model layout (size does not match the counts)");
    this.words = bytes.toString("latin1", at + 4, at + 4 + length).split("\0").slice(0, -1);
    if (this.words.length !== this.counts[0]) throw new Error("unexpected trie language model layout (word list does not match the unigram count)");
    this.words.forEach((w, i) => this.ids.set(w, i));
  }

  wordId(word: string): number | undefined {
    return this.ids.get(word);
  }

  unigramLog10(id: number): number {
    return this.buf.readFloatLE(this.unigramOffset + id * UNIGRAM_BYTES) * LOG10_PER_UNIT;
  }

  private setUnigramLog10(id: number, log10: number): void {
    this.buf.writeFloatLE(log10 / LOG10_PER_UNIT, this.unigramOffset + id * UNIGRAM_BYTES);
  }

  private unigramNext(id: number): number {
    return this.buf.readUInt32LE(this.unigramOffset + id * UNIGRAM_BYTES + 8);
  }

  /**
   * Adds the bonus to the word's unigram and to every bigram and trigram that
   * ends in it, each capped by `ceilings` (log10) unless already higher.
   */
  boostWord(id: number, bonus: number, ceilings: BoostCeilings): void {
    this.setUnigramLog10(id, boosted(this.unigramLog10(id), bonus, ceilings.unigram));
    this.boostRecords(0, this.unigramNext(id), this.unigramNext(id + 1), bonus, ceilings.ngram);
  }

  private boostRecords(level: number, begin: number, end: number, bonus: number, ceiling: number): void {
    const l = this.levels[level]!;
    for (let r = begin; r < end; r++) {
      const probBit = r * l.recordBits + l.probAt;
      const log10 = l.probBins[this.readBits(l, probBit, 16)]! * LOG10_PER_UNIT;
      this.writeBits(l, probBit, 16, nearestBin(l.probBins, boosted(log10, bonus, ceiling) / LOG10_PER_UNIT));
      if (l.nextBits) {
        const next = (i: number) => this.readBits(l, i * l.recordBits + l.nextAt, l.nextBits);
        this.boostRecords(level + 1, next(r), next(r + 1), bonus, ceiling);
      }
    }
  }

  private readBits(l: NgramLevel, bit: number, width: number): number {
    // Fields are at most 25 bits wide, so one 32-bit read at the byte holds any of them.
    return (this.buf.readUInt32LE(l.offset + (bit >>> 3)) >>> (bit & 7)) & ((1 << width) - 1);
  }

  private writeBits(l: NgramLevel, bit: number, width: number, value: number): void {
    const at = l.offset + (bit >>> 3);
    const mask = ((1 << width) - 1) << (bit & 7);
    const word = this.buf.readUInt32LE(at);
    this.buf.writeUInt32LE(((word & ~mask) | (value << (bit & 7))) >>> 0, at);
  }

  /** New words keep the n-gram records' word-index width, which depends on the unigram count. */
  canAppend(n: number): boolean {
    return requiredBits(this.counts[0]! + n) === requiredBits(this.counts[0]!);
  }

  /**
   * A copy with these words appended as unigrams after the last word (no
   * n-grams under them, no backoff), as sphinxbase's own lm_trie_add_ug does
   * in memory; the n-gram levels are copied unchanged.
   */
  withWords(words: string[], log10: number): TrieLm {
    const n0 = this.counts[0]!;
    const lastNext = this.unigramNext(n0);
    const records = Buffer.alloc(words.length * UNIGRAM_BYTES);
    words.forEach((_, i) => {
      records.writeFloatLE(log10 / LOG10_PER_UNIT, i * UNIGRAM_BYTES);
      records.writeFloatLE(0, i * UNIGRAM_BYTES + 4);
      records.writeUInt32LE(lastNext, i * UNIGRAM_BYTES + 8);
    });
    const newWords = Buffer.from(words.map((w) => `${w}\0`).join(""), "latin1");
    const wordsLength = Buffer.alloc(4);
    wordsLength.writeInt32LE(this.buf.readInt32LE(this.wordsOffset) + newWords.length);
    const sentinelAt = this.unigramOffset + n0 * UNIGRAM_BYTES;
    const bytes = Buffer.concat([
      this.buf.subarray(0, sentinelAt),
      records,
      this.buf.subarray(sentinelAt, this.wordsOffset),
      wordsLength,
      this.buf.subarray(this.wordsOffset + 4),
      newWords,
    ]);
    bytes.writeUInt32LE(n0 + words.length, HEADER.length + 1);
    return new TrieLm(bytes);
  }

  /** Scales the other unigrams so that all unigrams sum to one again (<s> is never predicted). */
  renormaliseUnigrams(hot: Set<number>): void {
    let hotMass = 0;
    let otherMass = 0;
    for (let id = 0; id < this.counts[0]!; id++) {
      const p = 10 ** this.unigramLog10(id);
      if (hot.has(id)) hotMass += p;
      else otherMass += p;
    }
    if (hotMass >= 1 || otherMass <= 0) return;
    const scaleLog10 = Math.log10((1 - hotMass) / otherMass);
    for (let id = 0; id < this.counts[0]!; id++) {
      if (!hot.has(id) && this.unigramLog10(id) > -90) this.setUnigramLog10(id, this.unigramLog10(id) + scaleLog10);
    }
  }

  bytes(): Buffer {
    return this.buf;
  }
}

/** `log10` plus the bonus, but no higher than `ceiling` (a value already above it stays). */
export function boosted(log10: number, bonus: number, ceiling: number): number {
  return Math.max(log10, Math.min(log10 + bonus, ceiling));
}

/** sphinxbase's bitarr_required_bits: bits needed to store values up to `max`. */
function requiredBits(max: number): number {
  return max === 0 ? 0 : Math.floor(Math.log2(max)) + 1;
}

/** Index of the bin closest to `value` (bins ascend). */
function nearestBin(bins: Float32Array, value: number): number {
  let lo = 0;
  let hi = bins.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bins[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  if (lo === bins.length) return bins.length - 1;
  return value - bins[lo - 1]! < bins[lo]! - value ? lo - 1 : lo;
}

/** Log10 unigram probabilities of words in a trie LM file (undefined: not in the LM); for tests and benchmarks. */
export function unigramLog10(lmBytes: Buffer, words: string[]): (number | undefined)[] {
  const lm = new TrieLm(lmBytes);
  return words.map((w) => {
    const id = lm.wordId(w);
    return id === undefined ? undefined : lm.unigramLog10(id);
  });
}
