import { rng } from "./cluster";
import { GaussStats, glr, logDetCovariance } from "./glr";

/** n frames of `dims` Gaussian values with the given mean and scale per dimension (Box-Muller). */
function frames(n: number, dims: number, mean: number, scale: number, seed: number): Float32Array {
  const random = rng(seed);
  const out = new Float32Array(n * dims);
  for (let i = 0; i < out.length; i++) out[i] = mean + scale * Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  return out;
}

function stats(x: Float32Array, dims: number): GaussStats {
  const s = new GaussStats(dims);
  s.addFrames(x, 0, x.length / dims);
  return s;
}

test("GLR is small for two samples of one Gaussian and large for two different ones", () => {
  const dims = 4;
  const a = stats(frames(500, dims, 0, 1, 1), dims);
  const same = stats(frames(500, dims, 0, 1, 2), dims);
  const shifted = stats(frames(500, dims, 1, 1, 3), dims);
  const wider = stats(frames(500, dims, 0, 2, 4), dims);
  const ld = (s: GaussStats) => logDetCovariance(s);
  const g = (x: GaussStats, y: GaussStats) => glr(x, y, ld(x), ld(y));
  // Under "same Gaussian" the GLR is about half a chi-square with dims + dims(dims+1)/2 = 14 degrees of freedom.
  expect(g(a, same)).toBeLessThan(30);
  expect(g(a, shifted)).toBeGreaterThan(300);
  expect(g(a, wider)).toBeGreaterThan(100);
  expect(g(a, shifted)).toBeCloseTo(g(shifted, a), 6);
});

test("statistics add up: frames added in pieces equal frames added at once", () => {
  const dims = 3;
  const x = frames(100, dims, 0.5, 1, 5);
  const whole = stats(x, dims);
  const pieces = new GaussStats(dims);
  pieces.addFrames(x, 0, 40);
  const rest = new GaussStats(dims);
  rest.addFrames(x, 40, 100);
  pieces.add(rest);
  expect(pieces.n).toBe(100);
  expect(logDetCovariance(pieces)).toBeCloseTo(logDetCovariance(whole), 9);
});
