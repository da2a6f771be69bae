/**
 * Seeded pseudo-random numbers for the Monte Carlo engines — the one PRNG of the Node side,
 * used by the decision engine (SMAA) and the cost simulator alike.
 *
 * xoshiro128** (Blackman & Vigna, 2018): 32-bit state words, so every step is plain
 * `Math.imul`/shift arithmetic that V8 keeps in registers — several times faster than
 * anything built on 64-bit BigInt. Seeds are expanded with splitmix32 so that nearby
 * seeds (0, 1, 2, …) give unrelated streams. Hot loops should use the bulk `fill…`
 * methods, which keep the state in local variables for the whole loop.
 */

const TWO_POW_MINUS_32 = 2 ** -32;
/** Size of the buffer of raw 32-bit draws consumed by the ziggurat samplers. */
const BITS = 4096;

/** splitmix32 finaliser: a bijective 32-bit mixer used to expand seeds. */
export function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/**
 * Seed of stream `index` (e.g. a shard) derived from a user seed. The seed may be any
 * non-negative integer up to 2^53: its high and low 32-bit halves are mixed separately so
 * no bits are lost.
 */
export function deriveSeed(seed: number, index: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 2 ** 32) >>> 0;
  return splitmix32(splitmix32(splitmix32(lo) ^ hi) ^ splitmix32((index >>> 0) ^ 0x5bd1e995));
}

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    // Four chained splitmix32 outputs: never all zero (the one state xoshiro must avoid).
    this.s0 = splitmix32(seed >>> 0);
    this.s1 = splitmix32(this.s0 ^ 0x6a09e667);
    this.s2 = splitmix32(this.s1 ^ 0xbb67ae85);
    this.s3 = splitmix32(this.s2 ^ 0x3c6ef372);
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** Raw 32-bit outputs, generated in bulk (state in registers) and handed out one by one. */
  private readonly bits = new Uint32Array(BITS);
  private bitsUsed = BITS;

  private fillBits(out: Uint32Array, count: number): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = 0; i < count; i++) {
      const x = Math.imul(s1, 5);
      out[i] = Math.imul((x << 7) | (x >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /** Writes `count` uniforms on the open interval (0, 1) — never 0, so `log` is safe — into `out`. */
  fillUniform(out: Float64Array, count: number): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = 0; i < count; i++) {
      const x = Math.imul(s1, 5);
      const result = Math.imul((x << 7) | (x >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      out[i] = ((result >>> 0) + 0.5) * TWO_POW_MINUS_32;
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /**
   * Writes `count` standard normals into `out` by the ziggurat method (Marsaglia & Tsang
   * 2000, 128 layers): ~98.8% of draws cost one 32-bit draw, two table look-ups and a
   * multiply. The draw's low 7 bits choose the layer and its high 25 bits (signed) the
   * position: disjoint bits, avoiding the correlation between the two that Doornik (2005)
   * found in the original one-draw version. Random bits are read from a bulk-filled buffer
   * through a local cursor, which keeps this loop register-bound.
   */
  fillNormal(out: Float64Array, count: number): void {
    const { kn, wn, fn } = ziggurat;
    const bits = this.bits;
    let used = this.bitsUsed;
    for (let i = 0; i < count; i++) {
      for (;;) {
        if (used > BITS - NORMAL_MAX_DRAWS) {
          this.fillBits(bits, BITS);
          used = 0;
        }
        const b = bits[used++];
        const iz = b & 127;
        const hz = (b | 0) >> 7; // signed 25-bit
        const x = hz * wn[iz];
        if (Math.abs(hz) < kn[iz]) {
          out[i] = x;
          break;
        }
        if (iz === 0) {
          // Base strip: sample the tail beyond R exactly (Marsaglia 1964).
          const tx = -Math.log((bits[used++] + 0.5) * TWO_POW_MINUS_32) / ZIGGURAT_R;
          const ty = -Math.log((bits[used++] + 0.5) * TWO_POW_MINUS_32);
          if (ty + ty < tx * tx) continue;
          out[i] = hz > 0 ? ZIGGURAT_R + tx : -ZIGGURAT_R - tx;
          break;
        }
        const u = (bits[used++] + 0.5) * TWO_POW_MINUS_32;
        if (fn[iz] + u * (fn[iz - 1] - fn[iz]) < Math.exp(-0.5 * x * x)) {
          out[i] = x;
          break;
        }
      }
    }
    this.bitsUsed = used;
  }

  /**
   * Writes `count` standard exponentials into `out` by the ziggurat method (Marsaglia &
   * Tsang 2000, 256 layers) — about twice as fast as −log(U) in V8. One 32-bit draw gives
   * both the layer (its low 8 bits) and the position in it (its high 24 bits): disjoint
   * bits, so without the correlation Doornik (2005) found in the original, where the layer
   * index was taken from the value's own bits; 24 bits place a draw within its layer to
   * 6e-8 of the layer's width.
   */
  fillExponential(out: Float64Array, count: number): void {
    const { ke, we, fe } = exponentialZiggurat;
    const bits = this.bits;
    let used = this.bitsUsed;
    for (let i = 0; i < count; i++) {
      for (;;) {
        if (used > BITS - 2) {
          this.fillBits(bits, BITS);
          used = 0;
        }
        const b = bits[used++];
        const iz = b & 255;
        const jz = b >>> 8;
        if (jz < ke[iz]) {
          out[i] = jz * we[iz];
          break;
        }
        if (iz === 0) {
          // Base strip: the tail beyond R is R + Exp(1) (memorylessness).
          out[i] = EXPONENTIAL_R - Math.log((bits[used++] + 0.5) * TWO_POW_MINUS_32);
          break;
        }
        const x = jz * we[iz];
        const u = (bits[used++] + 0.5) * TWO_POW_MINUS_32;
        if (fe[iz] + u * (fe[iz - 1] - fe[iz]) < Math.exp(-x)) {
          out[i] = x;
          break;
        }
      }
    }
    this.bitsUsed = used;
  }

  private readonly one = new Float64Array(1);

  /** One raw uniform 32-bit unsigned integer (from the bulk-filled buffer). */
  nextU32(): number {
    if (this.bitsUsed >= BITS) {
      this.fillBits(this.bits, BITS);
      this.bitsUsed = 0;
    }
    return this.bits[this.bitsUsed++];
  }

  /** One uniform on (0, 1): never 0, so `log` is safe. */
  uniform(): number {
    return (this.nextU32() + 0.5) * TWO_POW_MINUS_32;
  }

  /**
   * One standard normal. The common case (~98.8%) is inlined for callers that draw one at a
   * time in a hot loop; the rare wedge and tail cases run `fillNormal` on the same draw,
   * so the stream is exactly what `fillNormal` would give.
   */
  normal(): number {
    if (this.bitsUsed > BITS - NORMAL_MAX_DRAWS) {
      this.fillBits(this.bits, BITS);
      this.bitsUsed = 0;
    }
    const b = this.bits[this.bitsUsed];
    const iz = b & 127;
    const hz = (b | 0) >> 7;
    if (Math.abs(hz) < ziggurat.kn[iz]) {
      this.bitsUsed += 1;
      return hz * ziggurat.wn[iz];
    }
    this.fillNormal(this.one, 1);
    return this.one[0];
  }

  /** One exponential with the given mean. */
  exponential(mean: number): number {
    return -Math.log(this.uniform()) * mean;
  }
}

const ZIGGURAT_R = 3.442619855899;

/** Most 32-bit draws one normal takes (layer and position, then two for a tail value). */
const NORMAL_MAX_DRAWS = 3;

/** Ziggurat tables for 128 layers (Marsaglia & Tsang 2000, `zigset`), for 25-bit signed positions (see fillNormal). */
const ziggurat = (() => {
  const kn = new Float64Array(128);
  const wn = new Float64Array(128);
  const fn = new Float64Array(128);
  const m1 = 2 ** 24;
  const vn = 9.91256303526217e-3;
  let dn = ZIGGURAT_R;
  let tn = dn;
  const q = vn / Math.exp(-0.5 * dn * dn);
  kn[0] = (dn / q) * m1;
  kn[1] = 0;
  wn[0] = q / m1;
  wn[127] = dn / m1;
  fn[0] = 1;
  fn[127] = Math.exp(-0.5 * dn * dn);
  for (let i = 126; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(vn / dn + Math.exp(-0.5 * dn * dn)));
    kn[i + 1] = (dn / tn) * m1;
    tn = dn;
    fn[i] = Math.exp(-0.5 * dn * dn);
    wn[i] = dn / m1;
  }
  return { kn, wn, fn };
})();

const EXPONENTIAL_R = 7.697117470131487;

/** Exponential ziggurat tables for 256 layers (Marsaglia & Tsang 2000, `zigset`), for 24-bit positions (see fillExponential). */
const exponentialZiggurat = (() => {
  const ke = new Float64Array(256);
  const we = new Float64Array(256);
  const fe = new Float64Array(256);
  const m2 = 2 ** 24;
  const ve = 3.949659822581572e-3;
  let de = EXPONENTIAL_R;
  let te = de;
  const q = ve / Math.exp(-de);
  ke[0] = (de / q) * m2;
  ke[1] = 0;
  we[0] = q / m2;
  we[255] = de / m2;
  fe[0] = 1;
  fe[255] = Math.exp(-de);
  for (let i = 254; i >= 1; i--) {
    de = -Math.log(ve / de + Math.exp(-de));
    ke[i + 1] = (de / te) * m2;
    te = de;
    fe[i] = Math.exp(-de);
    we[i] = de / m2;
  }
  return { ke, we, fe };
})();

export function createRng(seed: number): Rng {
  return new Rng(seed);
}
