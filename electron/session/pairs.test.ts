import { describe, expect, it } from 'vitest';
import { ahpGroup, type PairwiseMatrix } from '../engine/ahp';
import { pairOrder } from './pairs';

const ids = Array.from({ length: 9 }, (_, i) => `k${i}`);

/** Each person's matrix from the first `answered[w]` pairs of their order (every answer: the first criterion twice as important). */
function matrices(orders: [string, string][][], answered: readonly number[]): PairwiseMatrix[] {
  return orders.map((order, w) => {
    const m: (number | null)[][] = ids.map((_, i) => ids.map((__, j) => (i === j ? 1 : null)));
    for (const [a, b] of order.slice(0, answered[w])) {
      const i = ids.indexOf(a);
      const j = ids.indexOf(b);
      m[i][j] = 2;
      m[j][i] = 1 / 2;
    }
    return m;
  });
}

/** Every split of `total` answers among `people` people, each answering at least `least`. */
function splits(total: number, people: number, least: number): number[][] {
  if (people === 1) return total >= least ? [[total]] : [];
  const out: number[][] = [];
  for (let k = least; k <= total - least * (people - 1); k++) for (const rest of splits(total - k, people - 1, least)) out.push([k, ...rest]);
  return out;
}

describe('pairOrder', () => {
  it('asks every pair exactly once', () => {
    for (const [w, of] of [
      [0, 1],
      [2, 3],
      [5, 6],
    ]) {
      const order = pairOrder(ids, w, of);
      expect(order).toHaveLength((9 * 8) / 2);
      expect(new Set(order.map(([a, b]) => [a, b].sort().join('|'))).size).toBe(order.length);
    }
  });

  it('eleven answers from three people give group weights, however they are shared (each answering three or more)', () => {
    const orders = [0, 1, 2].map((w) => pairOrder(ids, w, 3));
    const ways = splits(11, 3, 3);
    expect(ways.length).toBe(6);
    for (const answered of ways) {
      const group = ahpGroup(matrices(orders, answered));
      expect(
        group.weights.every((w) => w > 0),
        answered.join('+'),
      ).toBe(true);
      expect(group.missingPairs.length).toBeGreaterThan(0); // weights from an incomplete matrix, as the room would have them
    }
    // The same answers in one fixed order for everybody (all pairs of the first criterion first) link nothing beyond the first few.
    const fixed: [string, string][] = [];
    for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) fixed.push([ids[i], ids[j]]);
    expect(() => ahpGroup(matrices([fixed, fixed, fixed], [4, 4, 3]))).toThrow();
  });

  it('after the linking pairs, no criterion waits: within the first 2(n − 1) pairs every criterion is asked at least twice', () => {
    const order = pairOrder(ids, 0, 1).slice(0, 16);
    for (const id of ids) expect(order.filter((p) => p.includes(id)).length, id).toBeGreaterThanOrEqual(2);
  });
});
