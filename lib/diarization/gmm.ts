import "server-only";

/** Diagonal-covariance Gaussian mixture over rows of a frames x dims matrix. */
export class DiagGmm {
  constructor(
    readonly dims: number,
    readonly weights: Float64Array,
    readonly means: Float64Array,
    readonly invVars: Float64Array,
    /** log weight - 0.5 * (D log 2pi + sum log var) per component. */
    readonly logConst: Float64Array,
  ) {}

  get components(): number {
    return this.weights.length;
  }

  /** log p(x) for the row of `data` at `offset`. */
  logLikelihood(data: Float32Array, offset: number): number {
    const { dims, means, invVars, logConst } = this;
    let max = -Infinity;
    const m = logConst.length;
    const parts = scratch(m);
    for (let c = 0; c < m; c++) {
      let q = 0;
      const base = c * dims;
      for (let d = 0; d < dims; d++) {
        const diff = data[offset + d] - means[base + d];
        q += diff * diff * invVars[base + d];
      }
      const v = logConst[c] - 0.5 * q;
      parts[c] = v;
      if (v > max) max = v;
    }
    let sum = 0;
    for (let c = 0; c < m; c++) sum += Math.exp(parts[c] - max);
    return max + Math.log(sum);
  }
}

let scratchBuf = new Float64Array(64);
function scratch(n: number): Float64Array {
  if (scratchBuf.length < n) scratchBuf = new Float64Array(n);
  return scratchBuf;
}

const VAR_FLOOR = 1e-3;

/**
 * EM for a diagonal GMM on the given rows, started from means spread over the
 * data (k-means++-like picks) and the pooled variance. Fewer components are
 * used when there are few rows, so that each has data to fit.
 */
export function trainGmm(
  data: Float32Array,
  dims: number,
  rows: ArrayLike<number>,
  components: number,
  iterations: number,
  random: () => number,
  init?: DiagGmm,
): DiagGmm {
  const n = rows.length;
  const m = init ? init.components : Math.max(1, Math.min(components, Math.floor(n / (dims * 2))));
  const globalMean = new Float64Array(dims);
  const globalVar = new Float64Array(dims);
  for (let i = 0; i < n; i++) {
    const o = rows[i] * dims;
    for (let d = 0; d < dims; d++) globalMean[d] += data[o + d];
  }
  for (let d = 0; d < dims; d++) globalMean[d] /= Math.max(1, n);
  for (let i = 0; i < n; i++) {
    const o = rows[i] * dims;
    for (let d = 0; d < dims; d++) globalVar[d] += (data[o + d] - globalMean[d]) ** 2;
  }
  for (let d = 0; d < dims; d++) globalVar[d] = Math.max(VAR_FLOOR, globalVar[d] / Math.max(1, n));

  const means = new Float64Array(m * dims);
  const vars = new Float64Array(m * dims);
  const weights = new Float64Array(m).fill(1 / m);
  // Spread initial means: each next pick is the farthest of a few random candidates.
  for (let c = 0; c < m && init; c++) {
    weights[c] = init.weights[c];
    for (let d = 0; d < dims; d++) {
      means[c * dims + d] = init.means[c * dims + d];
      vars[c * dims + d] = 1 / init.invVars[c * dims + d];
    }
  }
  for (let c = 0; c < m && !init; c++) {
    let pick = rows[Math.floor(random() * n)] ?? 0;
    if (c > 0) {
      let bestDist = -1;
      for (let t = 0; t < 8; t++) {
        const cand = rows[Math.floor(random() * n)];
        let nearest = Infinity;
        for (let p = 0; p < c; p++) {
          let dist = 0;
          for (let d = 0; d < dims; d++) dist += (data[cand * dims + d] - means[p * dims + d]) ** 2 / globalVar[d];
          nearest = Math.min(nearest, dist);
        }
        if (nearest > bestDist) {
          bestDist = nearest;
          pick = cand;
        }
      }
    }
    for (let d = 0; d < dims; d++) {
      means[c * dims + d] = n ? data[pick * dims + d] : 0;
      vars[c * dims + d] = globalVar[d];
    }
  }
  let gmm = build(dims, weights, means, vars);
  const post = new Float64Array(m);
  for (let it = 0; it < iterations; it++) {
    const acc0 = new Float64Array(m);
    const acc1 = new Float64Array(m * dims);
    const acc2 = new Float64Array(m * dims);
    for (let i = 0; i < n; i++) {
      const o = rows[i] * dims;
      let max = -Infinity;
      for (let c = 0; c < m; c++) {
        let q = 0;
        for (let d = 0; d < dims; d++) {
          const diff = data[o + d] - gmm.means[c * dims + d];
          q += diff * diff * gmm.invVars[c * dims + d];
        }
        post[c] = gmm.logConst[c] - 0.5 * q;
        if (post[c] > max) max = post[c];
      }
      let sum = 0;
      for (let c = 0; c < m; c++) sum += post[c] = Math.exp(post[c] - max);
      for (let c = 0; c < m; c++) {
        const g = post[c] / sum;
        if (g < 1e-4) continue;
        acc0[c] += g;
        for (let d = 0; d < dims; d++) {
          const x = data[o + d];
          acc1[c * dims + d] += g * x;
          acc2[c * dims + d] += g * x * x;
        }
      }
    }
    for (let c = 0; c < m; c++) {
      // A starved component restarts at the global statistics rather than collapsing.
      if (acc0[c] < dims) {
        weights[c] = 1e-3;
        for (let d = 0; d < dims; d++) vars[c * dims + d] = globalVar[d];
        continue;
      }
      weights[c] = acc0[c] / n;
      for (let d = 0; d < dims; d++) {
        const mu = acc1[c * dims + d] / acc0[c];
        means[c * dims + d] = mu;
        vars[c * dims + d] = Math.max(VAR_FLOOR, acc2[c * dims + d] / acc0[c] - mu * mu);
      }
    }
    gmm = build(dims, weights, means, vars);
  }
  return gmm;
}

function build(dims: number, weights: Float64Array, means: Float64Array, vars: Float64Array): DiagGmm {
  const m = weights.length;
  let total = 0;
  for (let c = 0; c < m; c++) total += weights[c];
  const invVars = new Float64Array(m * dims);
  const logConst = new Float64Array(m);
  for (let c = 0; c < m; c++) {
    let logDet = 0;
    for (let d = 0; d < dims; d++) {
      invVars[c * dims + d] = 1 / vars[c * dims + d];
      logDet += Math.log(vars[c * dims + d]);
    }
    logConst[c] = Math.log(weights[c] / total) - 0.5 * (dims * Math.log(2 * Math.PI) + logDet);
  }
  return new DiagGmm(dims, Float64Array.from(weights), Float64Array.from(means), invVars, logConst);
}
