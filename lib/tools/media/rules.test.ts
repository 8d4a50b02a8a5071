import { codecLabel, estimateOutputBytes, fastestOutput, keepNarrowerSource, qualityValid, speechKbpsCap, targetKbps, wavShape } from "./rules";

// The numbers the compressor page shows and the worker encodes with (docs/tools.md "Media tools").
describe("media tools rules", () => {
  it("maps 10–90% to the standard bitrates, 40% = 128 kbps, never above a lossy source", () => {
    expect([10, 40, 90].map((q) => targetKbps("compress", q, null, true))).toEqual([32, 128, 320]);
    expect(targetKbps("compress", 90, 128, false)).toBe(128);
    expect(targetKbps("compress", 90, 1411, true)).toBe(320);
    expect(targetKbps("extract", 192, 160, false)).toBe(160);
  });

  it("estimates the output: bitrate × duration, the source's bitrate when copying, PCM for WAV", () => {
    const input = { tool: "compress" as const, durationSec: 60, sourceKbps: 1411, audioCodec: "pcm_s16le", originalSize: 10_584_044 };
    expect(estimateOutputBytes(input, { mode: "encode", format: "mp3", quality: 40 })).toBe(960_000);
    expect(estimateOutputBytes({ ...input, tool: "extract", sourceKbps: 128, audioCodec: "aac" }, { mode: "fastest", format: "mp3", quality: 192 })).toBe(960_000);
    expect(wavShape("compress", 10)).toEqual({ sampleRate: 11025, channels: 1 });
    expect(estimateOutputBytes(input, { mode: "encode", format: "wav", quality: 90 })).toBe(44100 * 2 * 2 * 60 + 44);
  });

  it("a speech-rate source keeps its rate and channels and is capped at 2 kbps per kHz per channel", () => {
    expect([8000, 16000, 22050, 24000, 32000, 44100].map((sampleRate) => speechKbpsCap({ sampleRate, channels: 1 }))).toEqual([24, 32, 40, 48, null, null]);
    expect(speechKbpsCap({ sampleRate: 16000, channels: 2 })).toBe(64);
    expect([10, 40, 90].map((q) => targetKbps("compress", q, 256, true, { sampleRate: 16000, channels: 1 }))).toEqual([32, 32, 32]);
    // The video converter makes ordinary 44.1 kHz files: no cap there.
    expect(targetKbps("extract", 192, null, true, { sampleRate: 16000, channels: 1 })).toBe(192);
    expect(keepNarrowerSource({ sampleRate: 44100, channels: 2 }, { sampleRate: 16000, channels: 1 })).toEqual({ sampleRate: 16000, channels: 1 });
    // An odd rate snaps down to one the encoders take; a wider source gets the planned shape.
    expect(keepNarrowerSource({ sampleRate: 44100, channels: 2 }, { sampleRate: 20000, channels: 6 })).toEqual({ sampleRate: 16000, channels: 2 });
    expect(wavShape("compress", 90, { sampleRate: 16000, channels: 1 })).toEqual({ sampleRate: 16000, channels: 1 });
    // The page's estimate knows a PCM source's rate from its bitrate: 16 kHz mono WAV is 256 kbps.
    const speech = { tool: "compress" as const, durationSec: 60, sourceKbps: 256, audioCodec: "pcm_s16le", originalSize: 1_920_044 };
    expect(estimateOutputBytes(speech, { mode: "encode", format: "mp3", quality: 40 })).toBe(240_000);
  });

  it("checks quality per tool", () => {
    expect(qualityValid("compress", 40)).toBe(true);
    expect(qualityValid("compress", 45)).toBe(false);
    expect(qualityValid("compress", 100)).toBe(false);
    expect(qualityValid("extract", 192)).toBe(true);
    expect(qualityValid("extract", 40)).toBe(false);
  });
});

describe("fastest mode's output", () => {
  it("copies MP3, AAC, Opus and PCM into files that play anywhere; MP2, AC-3, WMA are flagged", () => {
    expect(fastestOutput("aac")).toMatchObject({ ext: "m4a", playsAnywhere: true });
    expect(fastestOutput("mp3")).toMatchObject({ ext: "mp3", playsAnywhere: true });
    expect(fastestOutput("opus")).toMatchObject({ ext: "ogg", playsAnywhere: true });
    expect(fastestOutput("pcm_s16le")).toMatchObject({ ext: "wav", playsAnywhere: true });
    expect(fastestOutput("mp2")).toMatchObject({ ext: "mp2", playsAnywhere: false });
    expect(fastestOutput("ac3")).toMatchObject({ ext: "mka", playsAnywhere: false });
    expect(fastestOutput("wmav2")).toMatchObject({ ext: "mka", playsAnywhere: false });
    expect([codecLabel("mp2"), codecLabel("wmav2"), codecLabel("pcm_s16be"), codecLabel("ac3")]).toEqual(["MP2", "WMA", "PCM", "AC-3"]);
  });
});
