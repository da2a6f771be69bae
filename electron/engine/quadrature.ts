/**
 * Numerical integration: adaptive Gauss–Kronrod quadrature (split out of smaa.ts, which uses
 * it for the confidence factors; it is its own concern and is tested on its own).
 */

/** Gauss–Kronrod 7/15 nodes and weights (QUADPACK qk15), non-negative half. */
const KRONROD_NODES = [
  0.991455371120812639206854697526329, 0.949107912342758524526189684047851, 0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
  0.586087235467691130294144845693013, 0.405845151377397166906606412076961, 0.207784955007898467600689403773245, 0,
];
const KRONROD_WEIGHTS = [
  0.02293532201052922496373200805897, 0.063092092629978553290700663189204, 0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
  0.16900472663926790282658342659855, 0.190350578064785409913256402421014, 0.204432940075298892414161999234649, 0.209482141084727828012999174891714,
];
/** Gauss 7-point weights, at Kronrod nodes 1, 3, 5 and 7. */
const GAUSS_WEIGHTS = [
  0.129484966168869693270611432679082, 0.27970539148927666790146777142378, 0.381830050505118944950369775488975, 0.417959183673469387755102040816327,
];

/**
 * Adaptive Gauss–Kronrod (7/15) quadrature of f over [a, b] to absolute error ≈ `tolerance`:
 * one 15-point rule suffices on smooth pieces; pieces where Gauss and Kronrod disagree are
 * bisected, which is what resolves a steep factor.
 */
export function integrate(f: (x: number) => number, a: number, b: number, tolerance: number, depth = 40): number {
  const centre = (a + b) / 2;
  const half = (b - a) / 2;
  const fc = f(centre);
  let kronrod = fc * KRONROD_WEIGHTS[7];
  let gauss = fc * GAUSS_WEIGHTS[3];
  for (let i = 0; i < 7; i++) {
    const dx = half * KRONROD_NODES[i];
    const sum = f(centre - dx) + f(centre + dx);
    kronrod += KRONROD_WEIGHTS[i] * sum;
    if (i % 2 === 1) gauss += GAUSS_WEIGHTS[(i - 1) / 2] * sum;
  }
  kronrod *= half;
  gauss *= half;
  // A non-finite estimate cannot improve by splitting (NaN ≤ tolerance is false, which would
  // bisect down to `depth`: 2^40 pieces): return it for the caller to deal with.
  if (depth <= 0 || !(Math.abs(kronrod - gauss) > tolerance)) return kronrod;
  return integrate(f, a, centre, tolerance / 2, depth - 1) + integrate(f, centre, b, tolerance / 2, depth - 1);
}
