/**
 * Power-of-two rescaling: multiplying by 2^k is exact in binary floating point (short of
 * underflow), so sums, products, square roots and every comparison of the rescaled numbers
 * are those of the original numbers, scaled — while squares and sums no longer overflow.
 */

/** The power of two s (≤ 1) such that every |x| · s ≤ 1; 1 when all |x| are already ≤ 1. */
export function downscale(maxAbs: number): number {
  if (!(maxAbs > 1) || !Number.isFinite(maxAbs)) return 1;
  // 2^−e with 2^(e−1) < maxAbs ≤ 2^e; e ≤ 1024, so compute as two halves (2^−1024 is subnormal).
  const e = Math.ceil(Math.log2(maxAbs));
  const s = Math.pow(2, -Math.ceil(e / 2)) * Math.pow(2, -Math.floor(e / 2));
  return maxAbs * s > 1 ? s / 2 : s;
}

/** Largest |x| of a table. */
export function maxAbs(rows: readonly (readonly number[])[]): number {
  let m = 0;
  for (const row of rows) for (const x of row) if (Math.abs(x) > m) m = Math.abs(x);
  return m;
}
