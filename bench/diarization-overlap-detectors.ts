/**
 * Issue 28's overlap detectors, measured on shared/corpus/multi (the reference RTTMs say where two or more people
 * talk). Each detector scores the 0.5 s blocks of a clip diarized as the product does; the blocks above a threshold
 * get the runner-up speaker too (bench/lib/overlap-blocks.ts), and the DER is scored as in bench/diarization-der.ts.
 * With the overlap taken from the reference the same step reaches 19.6% (bench/diarization-overlap-oracle.ts).
 *
 *   npx tsx --conditions=react-server bench/diarization-overlap-detectors.ts
 *
 * Detectors:
 *   aperiodicity  the block's median aperiodicity above k × the clip's 25th percentile (a clip-relative level)
 *   mixmax        the named voice and its runner-up explain the block better together than the named voice alone
 *   learned       an MLP trained on mixtures of the single-speaker clips (bench/lib/overlap-model.ts); ~1 min
 *
 * The thresholds are swept on the test clips themselves, so the best row of each is an optimistic bound, not a result.
 */
import { FRAME_STEP } from "@/lib/diarization/features";
import { rng } from "@/lib/diarization/cluster";
import { BLOCK_SEC, derWithRunnerUp, diarizedMultiClips, errorSec, overlapAuc, type DiarizedClip } from "./lib/overlap-blocks";
import { aperiodicity, contextFeatures, mixmaxGains } from "./lib/overlap-cues";
import { mixtureFrames, OverlapMlp, singleSpeakerClips } from "./lib/overlap-model";

type Detector = { name: string; thresholds: number[]; scores: (clip: DiarizedClip) => number[]; pick?: (scores: number[], threshold: number) => boolean[] };

/** Median over the block's speech frames (the louder 60% of the clip's frames) of a per-frame cue. */
function blockMedians(clip: DiarizedClip, perFrame: Float32Array, keep: (f: number) => boolean): number[] {
  return clip.blocks.map((b) => {
    const values: number[] = [];
    for (let f = Math.floor(b.start / FRAME_STEP); f < Math.min(perFrame.length, Math.floor((b.start + BLOCK_SEC) / FRAME_STEP)); f++) if (keep(f)) values.push(perFrame[f]!);
    values.sort((p, q) => p - q);
    return values.length ? values[Math.floor(values.length / 2)]! : NaN;
  });
}

function aperiodicityDetector(): Detector {
  return {
    name: "aperiodicity (k × the clip's 25th percentile)",
    thresholds: [1.5, 2, 2.5, 3],
    scores: (clip) => {
      const frames = Math.floor((clip.samples.length - 400) / 160) + 1;
      const energy = Float32Array.from({ length: frames }, (_, f) => {
        let s = 0;
        for (let k = 0; k < 400; k++) s += clip.samples[f * 160 + k]! ** 2;
        return s;
      });
      const floor = Array.from(energy).sort((a, b) => a - b)[Math.floor(frames * 0.4)]!;
      return blockMedians(clip, aperiodicity(clip.samples, clip.sampleRate, frames), (f) => energy[f]! >= floor);
    },
    pick: (scores, k) => {
      const finite = scores.filter((s) => Number.isFinite(s)).sort((a, b) => a - b);
      const level = finite[Math.floor(finite.length * 0.25)] ?? 0;
      return scores.map((s) => s > k * level);
    },
  };
}

async function learnedDetector(): Promise<Detector> {
  const clips = await singleSpeakerClips();
  const train = mixtureFrames(clips, 500, 11);
  const model = new OverlapMlp(train.dims, 32, rng(5));
  model.train(train, 15, rng(6));
  const heldOut = mixtureFrames(clips, 150, 99);
  const positives: number[] = [];
  const negatives: number[] = [];
  for (let k = 0; k < heldOut.n; k++) (heldOut.y[k] ? positives : negatives).push(model.predict(heldOut.x, k * heldOut.dims));
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  console.log(`learned: ${train.n} training frames from 500 mixtures (${((100 * train.y.reduce((s, v) => s + v, 0)) / train.n).toFixed(0)}% overlap); frame AUC on 150 new mixtures ${(wins / (positives.length * negatives.length)).toFixed(3)}`);
  return {
    name: "learned (mean P(overlap) over the block's speech frames)",
    thresholds: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
    scores: (clip) => {
      const f = contextFeatures(clip.samples, clip.sampleRate);
      const p = Float32Array.from({ length: f.frames }, (_, t) => model.predict(f.x, t * f.dims));
      return clip.blocks.map((b) => {
        let [sum, n] = [0, 0];
        for (let t = Math.floor(b.start / FRAME_STEP); t < Math.min(f.frames, Math.floor((b.start + BLOCK_SEC) / FRAME_STEP)); t++) if (f.speech[t]) [sum, n] = [sum + p[t]!, n + 1];
        return n ? sum / n : 0;
      });
    },
  };
}

const mixmaxDetector: Detector = { name: "mixmax (gain in nats a frame)", thresholds: [0, 0.5, 1, 2, 3], scores: mixmaxGains };

void (async () => {
  const clips = await diarizedMultiClips();
  const speech = clips.reduce((s, c) => s + derWithRunnerUp(c, () => false).total, 0);
  const today = clips.reduce((s, c) => s + errorSec(derWithRunnerUp(c, () => false)), 0);
  console.log(`DER today ${((100 * today) / speech).toFixed(1)}%; overlap blocks per clip: ${clips.map((c) => `${c.name} ${c.blocks.filter((b) => b.referenceSpeakers >= 2).length}/${c.blocks.length}`).join(", ")}`);
  for (const detector of [aperiodicityDetector(), mixmaxDetector, await learnedDetector()]) {
    const scored = clips.map((clip) => ({ clip, scores: detector.scores(clip) }));
    console.log(`\n${detector.name}\n\n| threshold | ${clips.map((c) => c.name).join(" | ")} | overall |\n|---|${clips.map(() => "---|").join("")}---|`);
    console.log(`| block AUC | ${scored.map(({ clip, scores }) => overlapAuc(clip.blocks, scores).toFixed(2)).join(" | ")} | |`);
    for (const t of detector.thresholds) {
      let errors = 0;
      const cells = scored.map(({ clip, scores }) => {
        const chosen = detector.pick ? detector.pick(scores, t) : scores.map((s) => s > t);
        const der = derWithRunnerUp(clip, (_, i) => chosen[i]!);
        errors += errorSec(der);
        const flagged = clip.blocks.filter((_, i) => chosen[i]);
        return `${(100 * der.der).toFixed(1)}% (${flagged.filter((b) => b.referenceSpeakers >= 2).length} of ${flagged.length} right)`;
      });
      console.log(`| ${t} | ${cells.join(" | ")} | ${((100 * errors) / speech).toFixed(1)}% |`);
    }
  }
})();
