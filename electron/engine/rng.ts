/**
 * Seeded pseudo-random numbers for the Monte Carlo engines.
 *
 * xoshiro128** (Blackman & Vigna, 2018): 32-bit state words, so every step is plain
 * `Math.imul`/shift arithmetic that V8 keeps in registers — several times faster than
 * anything built on 64-bit BigInt. Seeds are expanded with splitmix32 so that nearby
 * seeds (0, 1, 2, …) give unrelated streams.
 */
export interface Rng {
  /** Uniform on the open interval (0, 1): never 0, so `Math.log(u)` is always finite. */
  uniform(): number;
  /** Standard normal N(0, 1) (Marsaglia polar method, spare value cached). */
  normal(): number;
  /** Standard exponential Exp(1). */
  exponential(): number;
}

const TWO_POW_MINUS_32 = 2 ** -32;

/** splitmix32 step: a good 32-bit mixer used to expand seeds. */
export function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/**
 * Derives the seed of stream `index` (e.g. a shard) from a user seed. Both are
 * non-negative integers up to 2^53; the high and low halves of the seed are mixed
 * separately so no bits are lost.
 */
export function deriveSeed(seed: number, index: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 2 ** 32) >>> 0;
  return splitmix32(splitmix32(splitmix32(lo) ^ hi) ^ splitmix32(index >>> 0 ^ 0x5bd1e995));
}

export function createRng(seed: number): Rng {
  // State from four splitmix32 outputs; an all-zero state is impossible because
  // splitmix32 is a bijection and the four inputs differ.
  let s0 = splitmix32(seed >>> 0);
  let s1 = splitmix32(s0 ^ 0x6a09e667);
  let s2 = splitmix32(s1 ^ 0xbb67ae85);
  let s3 = splitmix32(s2 ^ 0x3c6ef372);
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result >>> 0;
  };

  let spare = 0;
  let hasSpare = false;

  return {
    uniform: () => (nextUint32() + 0.5) * TWO_POW_MINUS_32,
    exponential: () => -Math.log((nextUint32() + 0.5) * TWO_POW_MINUS_32),
    normal: () => {
      if (hasSpare) {
        hasSpare = false;
        return spare;
      }
      let u: number, v: number, s: number;
      do {
        u = (nextUint32() + 0.5) * TWO_POW_MINUS_32 * 2 - 1;
        v = (nextUint32() + 0.5) * TWO_POW_MINUS_32 * 2 - 1;
        s = u * u + v * v;
      } while (s >= 1);
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      spare = v * f;
      hasSpare = true;
      return u * f;
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
