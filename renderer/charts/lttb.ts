/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson 2013): keeps the first and last
 * point and, from each bucket in between, the point that makes the largest triangle with
 * its neighbours — the visual shape of a long curve in `threshold` points.
 * Points must be sorted by x; returns the input when it is already short enough.
 */
export function lttb(points: readonly (readonly [number, number])[], threshold: number): (readonly [number, number])[] {
  const n = points.length;
  if (threshold >= n || threshold < 3) return points.slice();
  const out: (readonly [number, number])[] = [points[0]];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    // Average of the next bucket: the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(n, Math.floor((i + 2) * every) + 1);
    let avgX = 0;
    let avgY = 0;
    for (let k = nextStart; k < nextEnd; k++) {
      avgX += points[k][0];
      avgY += points[k][1];
    }
    const len = Math.max(1, nextEnd - nextStart);
    avgX /= len;
    avgY /= len;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const [ax, ay] = points[a];
    let best = start;
    let bestArea = -1;
    for (let k = start; k < end; k++) {
      const area = Math.abs((ax - avgX) * (points[k][1] - ay) - (ax - points[k][0]) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = k;
      }
    }
    out.push(points[best]);
    a = best;
  }
  out.push(points[n - 1]);
  return out;
}
