import "server-only";
import { symmetricEigenLarge } from "./linalg";

/** Small deterministic PRNG (mulberry32) so that runs are reproducible. */
export function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The spectral view of an n x n similarity matrix: each row keeps only its
 * `neighbours` strongest links (drops the many weak, noisy ones), the graph is
 * symmetrised, and the normalised Laplacian is decomposed once. Labels for
 * any speaker count k then come from `spectralLabels`.
 */
export function spectralEmbedding(sim: Float64Array, n: number, neighbours: number): { values: Float64Array; vectors: Float64Array[] } {
  const a = new Float64Array(n * n);
  const row = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) row[j] = j === i ? -Infinity : sim[i * n + j];
    const keep = Float64Array.from(row).sort((x, y) => y - x)[Math.min(n - 1, neighbours) - 1];
    for (let j = 0; j < n; j++) if (j !== i && row[j] >= keep) a[i * n + j] = 1;
  }
  const degree = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = (a[i * n + j] + a[j * n + i]) / 2;
      a[i * n + j] = v;
      a[j * n + i] = v;
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) degree[i] += a[i * n + j];
  const lap = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const w = degree[i] > 0 && degree[j] > 0 ? a[i * n + j] / Math.sqrt(degree[i] * degree[j]) : 0;
      lap[i * n + j] = (i === j ? 1 : 0) - w;
    }
  }
  return symmetricEigenLarge(lap, n);
}

/** k clusters from the first k Laplacian eigenvectors: rows normalised to unit length, then k-means. */
export function spectralLabels(embedding: { vectors: Float64Array[] }, n: number, k: number): Int32Array {
  if (k <= 1 || n <= 1) return new Int32Array(n);
  const points = Array.from({ length: n }, (_, i) => {
    const p = Float64Array.from({ length: k }, (_, c) => embedding.vectors[c][i]);
    const norm = Math.hypot(...p) || 1;
    return p.map((v) => v / norm);
  });
  return kmeans(points, Math.min(k, n), rng(5));
}

/** k-means with k-means++ seeding, best of a few restarts by within-cluster sum of squares. */
export function kmeans(points: Float64Array[], k: number, random: () => number, restarts = 8): Int32Array {
  const n = points.length;
  const dim = points[0].length;
  const dist2 = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let d = 0; d < dim; d++) s += (a[d] - b[d]) ** 2;
    return s;
  };
  let best = new Int32Array(n);
  let bestCost = Infinity;
  for (let r = 0; r < restarts; r++) {
    const centres: Float64Array[] = [Float64Array.from(points[Math.floor(random() * n)])];
    while (centres.length < k) {
      const d = points.map((p) => Math.min(...centres.map((c) => dist2(p, c))));
      const total = d.reduce((x, y) => x + y, 0);
      let pick = random() * total;
      let i = 0;
      while (i < n - 1 && pick > d[i]) pick -= d[i++];
      centres.push(Float64Array.from(points[i]));
    }
    const labels = new Int32Array(n);
    let cost = Infinity;
    for (let it = 0; it < 50; it++) {
      let changed = false;
      cost = 0;
      for (let i = 0; i < n; i++) {
        let bc = 0;
        let bd = Infinity;
        for (let c = 0; c < k; c++) {
          const d = dist2(points[i], centres[c]);
          if (d < bd) {
            bd = d;
            bc = c;
          }
        }
        cost += bd;
        if (labels[i] !== bc || it === 0) changed = changed || labels[i] !== bc;
        labels[i] = bc;
      }
      for (let c = 0; c < k; c++) {
        const sum = new Float64Array(dim);
        let count = 0;
        for (let i = 0; i < n; i++) {
          if (labels[i] !== c) continue;
          count++;
          for (let d = 0; d < dim; d++) sum[d] += points[i][d];
        }
        if (count) centres[c] = sum.map((v) => v / count);
      }
      if (!changed && it > 0) break;
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = labels;
    }
  }
  return best;
}
