// PBKDF2-HMAC-SHA256 in plain JavaScript, for the human check's proof-of-work where WebCrypto is
// missing: browsers only give crypto.subtle to secure contexts (https, localhost), and a fresh
// install is often opened as http://<lan-address>:3000. Same bytes as WebCrypto / node:crypto
// (lib/verify/pbkdf2-sha256.test.ts); the HMAC key pads are hashed once per call, so each
// iteration costs two SHA-256 compressions.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Int32Array(64);

/** One SHA-256 compression of the 16 words `block` into `state` (in place). */
function compress(state: Int32Array, block: Int32Array): void {
  for (let i = 0; i < 16; i++) W[i] = block[i]!;
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** SHA-256 of `data` continuing from `state` after `prefixBytes` already hashed (whole blocks). */
function finish(state: Int32Array, data: Uint8Array, prefixBytes: number): Int32Array {
  const out = new Int32Array(state);
  const total = data.length + prefixBytes;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((total * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (total * 8) >>> 0);
  const block = new Int32Array(16);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) block[i] = view.getUint32(off + i * 4);
    compress(out, block);
  }
  return out;
}

function sha256(data: Uint8Array): Uint8Array {
  return wordsToBytes(finish(new Int32Array(IV), data, 0));
}

function wordsToBytes(words: Int32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  words.forEach((w, i) => view.setUint32(i * 4, w));
  return out;
}

/** The inner and outer HMAC states after their key pads. */
function hmacStates(key: Uint8Array): [Int32Array, Int32Array] {
  const k = new Uint8Array(64);
  k.set(key.length > 64 ? sha256(key) : key);
  const pad = (byte: number) => {
    const state = new Int32Array(IV);
    const block = new Int32Array(16);
    const view = new DataView(k.buffer);
    for (let i = 0; i < 16; i++) block[i] = (view.getUint32(i * 4) ^ (byte * 0x01010101)) >>> 0;
    compress(state, block);
    return state;
  };
  return [pad(0x36), pad(0x5c)];
}

/** PBKDF2-HMAC-SHA256 with a 32-byte output (one block), as altcha's PBKDF2/SHA-256 uses. */
export function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, iterations: number, keyLength = 32): Uint8Array {
  if (keyLength > 32) throw new Error("pbkdf2Sha256 makes one block (32 bytes)");
  const [inner, outer] = hmacStates(password);
  const first = new Uint8Array(salt.length + 4);
  first.set(salt);
  first[salt.length + 3] = 1;
  // U1 = HMAC(P, S || 1): any length, the general path.
  const u = finish(outer, wordsToBytes(finish(inner, first, 64)), 64);
  const t = new Int32Array(u);
  // Ui = HMAC(P, Ui-1): a 32-byte message after a 64-byte pad is one fixed block (768 bits), no allocation.
  const block = new Int32Array(16);
  const state = new Int32Array(8);
  block[8] = 0x80000000;
  block[15] = 768;
  for (let i = 1; i < iterations; i++) {
    state.set(inner);
    for (let j = 0; j < 8; j++) block[j] = u[j]!;
    compress(state, block);
    for (let j = 0; j < 8; j++) block[j] = state[j]!;
    state.set(outer);
    compress(state, block);
    for (let j = 0; j < 8; j++) {
      u[j] = state[j]!;
      t[j] = t[j]! ^ state[j]!;
    }
  }
  return wordsToBytes(t).slice(0, keyLength);
}
