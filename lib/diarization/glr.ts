import "server-only";

/**
 * Sufficient statistics of a full-covariance Gaussian over some frames: count,
 * sum and the lower triangle of the sum of outer products. Two sets add up to
 * the statistics of their union, so merging clusters never revisits frames.
 */
export class GaussStats {
  n = 0;
  readonly sum: Float64Array;
  /** Lower triangle, row-major: element (a, b) with b <= a at a*(a+1)/2 + b. */
  readonly outer: Float64Array;

  constructor(readonly dims: number) {
    this.sum = new Float64Array(dims);
    this.outer = new Float64Array((dims * (dims + 1)) / 2);
  }

  addFrames(x: Float32Array, start: number, end: number): void {
    const { dims, sum, outer } = this;
    for (let f = start; f < end; f++) {
      const o = f * dims;
      let k = 0;
      for (let a = 0; a < dims; a++) {
        const va = x[o + a];
        sum[a] += va;
        for (let b = 0; b <= a; b++) outer[k++] += va * x[o + b];
      }
    }
    this.n += end - start;
  }

  add(other: GaussStats): void {
    this.n += other.n;
    for (let i = 0; i < this.sum.length; i++) this.sum[i] += other.sum[i];
    for (let i = 0; i < this.outer.length; i++) this.outer[i] += other.outer[i];
  }

  static merged(a: GaussStats, b: GaussStats): GaussStats {
    const out = new GaussStats(a.dims);
    out.add(a);
    out.add(b);
    return out;
  }
}

const RIDGE = 1e-3;

/** log |Σ| of the maximum-likelihood covariance (plus a small ridge, so short stretches stay finite). */
export function logDetCovariance(s: GaussStats, scratch: Float64Array = new Float64Array(s.dims * s.dims)): number {
  const { dims, n, sum, outer } = s;
  if (n === 0) return 0;
  const c = scratch;
  let k = 0;
  for (let a = 0; a < dims; a++) {
    const ma = sum[a] / n;
    for (let b = 0; b <= a; b++) c[a * dims + b] = outer[k++] / n - ma * (sum[b] / n);
    c[a * dims + a] += RIDGE;
  }
  // In-place Cholesky on the lower triangle.
  let logDet = 0;
  for (let i = 0; i < dims; i++) {
    for (let j = 0; j <= i; j++) {
      let v = c[i * dims + j];
      for (let p = 0; p < j; p++) v -= c[i * dims + p] * c[j * dims + p];
      if (i === j) {
        const d = Math.sqrt(Math.max(v, 1e-12));
        c[i * dims + i] = d;
        logDet += 2 * Math.log(d);
      } else c[i * dims + j] = v / c[j * dims + j];
    }
  }
  return logDet;
}

/**
 * The generalised likelihood ratio of "one speaker" against "two speakers"
 * for two sets of frames, in nats: 0.5 (n log|Σ| - n_a log|Σ_a| - n_b log|Σ_b|).
 * Near zero when one Gaussian explains both; grows with the difference.
 */
export function glr(a: GaussStats, b: GaussStats, ldA: number, ldB: number, scratch?: Float64Array): number {
  const m = GaussStats.merged(a, b);
  return 0.5 * (m.n * logDetCovariance(m, scratch) - a.n * ldA - b.n * ldB);
}
