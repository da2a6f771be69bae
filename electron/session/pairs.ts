/**
 * The order in which a participant's device asks the pairwise questions of a round.
 *
 * Partial answers should still give weights: the group matrix (judgments aggregated pair by
 * pair, AIJ) has weights once the pairs anybody answered link all criteria. So the first
 * questions form a spanning tree of the criteria (the star around the first criterion:
 * n − 1 pairs that link them all), and each participant starts at a different part of it:
 * participant w of P starts at tree pair ⌊w·(n − 1)/P⌋, goes on to the last, then back over the
 * ones before its start (nearest first). A few answers from each person thus cover the whole
 * tree between them. The remaining pairs follow in a balanced order: each next pair is the one
 * whose two criteria have been asked least so far (ties: the earlier pair), so no criterion
 * waits until the end.
 */
export function pairOrder(ids: readonly string[], who: number, of: number): [string, string][] {
  const n = ids.length;
  if (n < 2) return [];
  const tree: [number, number][] = ids.slice(1).map((_, k) => [0, k + 1]);
  const start = of > 0 ? Math.floor((Math.max(0, Math.min(who, of - 1)) * (n - 1)) / of) : 0;
  const treeOrder = [...tree.slice(start), ...tree.slice(0, start).reverse()];
  const asked = new Array<number>(n).fill(0);
  for (const [a, b] of treeOrder) {
    asked[a]++;
    asked[b]++;
  }
  const rest: [number, number][] = [];
  for (let i = 1; i < n; i++) for (let j = i + 1; j < n; j++) rest.push([i, j]);
  const balanced: [number, number][] = [];
  while (rest.length > 0) {
    let best = 0;
    for (let k = 1; k < rest.length; k++) {
      const load = (p: [number, number]) => asked[p[0]] + asked[p[1]];
      if (load(rest[k]) < load(rest[best])) best = k;
    }
    const [p] = rest.splice(best, 1);
    asked[p[0]]++;
    asked[p[1]]++;
    balanced.push(p);
  }
  return [...treeOrder, ...balanced].map(([a, b]) => [ids[a], ids[b]]);
}
