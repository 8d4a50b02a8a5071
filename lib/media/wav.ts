import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";

/**
 * Minimal RIFF/WAVE handling for the PCM files we produce ourselves
 * (16-bit little-endian). Reading is streamed so that a 60-minute recording
 * never exists twice in memory.
 */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of sample data actually present in the file. */
  dataBytes: number;
  /** Size the header claims; null when the writer streamed it (0 or 0xFFFFFFFF). */
  declaredDataBytes: number | null;
  durationSec: number;
}

export class WavFormatError extends Error {}

/** Parses the chunk list up to "data". Throws WavFormatError for anything but RIFF/WAVE. */
export async function readWavInfo(wavPath: string): Promise<WavInfo> {
  const fh = await fsp.open(wavPath, "r");
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
    if (size < 12 || head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
      throw new WavFormatError("not a RIFF/WAVE file");
    }
    let pos = 12;
    let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
    const hdr = Buffer.alloc(8);
    while (pos + 8 <= size) {
      await fh.read(hdr, 0, 8, pos);
      const id = hdr.toString("ascii", 0, 4);
      const len = hdr.readUInt32LE(4);
      if (id === "fmt ") {
        const body = Buffer.alloc(Math.min(len, 40));
        await fh.read(body, 0, body.length, pos + 8);
        let format = body.readUInt16LE(0);
        // WAVE_FORMAT_EXTENSIBLE carries the real format in its sub-format GUID.
        if (format === 0xfffe && body.length >= 26) format = body.readUInt16LE(24);
        fmt = { format, channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4), bits: body.readUInt16LE(14) };
      } else if (id === "data") {
        if (!fmt) throw new WavFormatError("data chunk before fmt chunk");
        if (fmt.format !== 1 || fmt.bits !== 16) throw new WavFormatError(`unsupported WAV encoding (format ${fmt.format}, ${fmt.bits} bit)`);
        const available = size - (pos + 8);
        const declared = len === 0 || len === 0xffffffff ? null : len;
        const blockAlign = fmt.channels * 2;
        const dataBytes = Math.floor(Math.min(declared ?? available, available) / blockAlign) * blockAlign;
        return {
          sampleRate: fmt.sampleRate,
          channels: fmt.channels,
          bitsPerSample: 16,
          dataOffset: pos + 8,
          dataBytes,
          declaredDataBytes: declared,
          durationSec: dataBytes / blockAlign / fmt.sampleRate,
        };
      }
      pos += 8 + len + (len & 1); // chunks are word-aligned
    }
    throw new WavFormatError("no data chunk");
  } finally {
    await fh.close();
  }
}

/** A canonical 44-byte header for s16le PCM. */
export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Buffer {
  const b = Buffer.alloc(44);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write("WAVE", 8, "ascii");
  b.write("fmt ", 12, "ascii");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * 2, 28);
  b.writeUInt16LE(channels * 2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "ascii");
  b.writeUInt32LE(dataBytes, 40);
  return b;
}

/**
 * Streams the sample data as mono Int16 frames (channels averaged), in blocks
 * of roughly `blockBytes`. The callback gets a view that is only valid during the call.
 */
export async function forEachPcmBlock(wavPath: string, info: WavInfo, onBlock: (mono: Int16Array) => void, blockBytes = 1 << 20): Promise<void> {
  if (info.dataBytes === 0) return;
  const frameBytes = info.channels * 2;
  const stream = fs.createReadStream(wavPath, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: blockBytes });
  let carry = Buffer.alloc(0);
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const buf = carry.length ? Buffer.concat([carry, piece]) : piece;
    const usable = buf.length - (buf.length % frameBytes);
    carry = Buffer.from(buf.subarray(usable));
    if (usable === 0) continue;
    onBlock(toMono(buf.subarray(0, usable), info.channels));
  }
}

function toMono(bytes: Buffer, channels: number): Int16Array {
  const frames = bytes.length / (2 * channels);
  // Int16Array needs 2-byte alignment; Buffers from streams usually have it but not always.
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
  const all = new Int16Array(aligned.buffer, aligned.byteOffset, frames * channels);
  if (channels === 1) return all;
  const mono = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += all[i * channels + c]!;
    mono[i] = Math.round(sum / channels);
  }
  return mono;
}

/**
 * Reads a 16-bit PCM WAV into mono float samples in [-1, 1).
 * One allocation of the final size (4 bytes per sample); the file is streamed
 * into it, so peak memory is the result plus one read block.
 */
export async function readWavPcm(wavPath: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const info = await readWavInfo(wavPath);
  const samples = new Float32Array(info.dataBytes / (2 * info.channels));
  let at = 0;
  await forEachPcmBlock(wavPath, info, (mono) => {
    for (let i = 0; i < mono.length; i++) samples[at++] = mono[i]! / 32768;
  });
  return { samples, sampleRate: info.sampleRate };
}
