import { describe, expect, it } from 'vitest';
import { ahp } from './ahp';
import { hierarchy, type HierarchyNode } from './hierarchy';
import { EngineInputError } from '../../shared/scoring/errors';

describe('hierarchy: local and global priorities', () => {
  it("Wikipedia's AHP leader example (goal → 4 criteria → Tom, Dick, Harry): the published priorities to 3 decimals", () => {
    // "Analytic hierarchy process – leader example": criteria experience, education, charisma,
    // age; the candidates judged under each. Published: criteria .547 .127 .270 .056,
    // candidates Tom .358, Dick .493, Harry .149.
    const criteria = ['experience', 'education', 'charisma', 'age'];
    const people = ['tom', 'dick', 'harry'];
    const root: HierarchyNode = { id: 'goal', children: criteria.map((c) => ({ id: c, children: people.map((p) => ({ id: `${c}:${p}` })) })) };
    const r = hierarchy({
      root,
      matrices: {
        goal: [
          [1, 4, 3, 7],
          [1 / 4, 1, 1 / 3, 3],
          [1 / 3, 3, 1, 5],
          [1 / 7, 1 / 3, 1 / 5, 1],
        ],
        experience: [
          [1, 1 / 4, 4],
          [4, 1, 9],
          [1 / 4, 1 / 9, 1],
        ],
        education: [
          [1, 3, 1 / 5],
          [1 / 3, 1, 1 / 7],
          [5, 7, 1],
        ],
        charisma: [
          [1, 5, 9],
          [1 / 5, 1, 4],
          [1 / 9, 1 / 4, 1],
        ],
        age: [
          [1, 1 / 3, 5],
          [3, 1, 9],
          [1 / 5, 1 / 9, 1],
        ],
      },
    });
    // The article's figures are rounded to 3 decimals from its own (approximate) eigenvectors:
    // agreement within 0.002.
    const published = { criteria: [0.547, 0.127, 0.27, 0.056], people: [0.358, 0.493, 0.149] };
    criteria.forEach((c, k) => expect(Math.abs(r.local[c] - published.criteria[k]), c).toBeLessThan(0.002));
    const total = (p: string) => criteria.reduce((s, c) => s + r.global[`${c}:${p}`], 0);
    people.forEach((p, k) => expect(Math.abs(total(p) - published.people[k]), p).toBeLessThan(0.002));
    expect(Object.keys(r.nodes).sort()).toEqual(['age', 'charisma', 'education', 'experience', 'goal']);
    expect(r.nodes.goal.method).toBe('ahp');
    expect(r.nodes.goal.cr).toBeLessThan(0.1);
  });

  it('global = product of the local priorities along the path (3 levels, direct, single child, incomplete), 1e-15', () => {
    const root: HierarchyNode = {
      id: 'g',
      children: [
        { id: 'a', children: [{ id: 'a1' }, { id: 'a2', children: [{ id: 'a2x' }] }, { id: 'a3' }] },
        { id: 'b', children: [{ id: 'b1' }, { id: 'b2' }] },
      ],
    };
    const r = hierarchy({
      root,
      weights: { g: [3, 1], b: [1, 1] },
      matrices: {
        a: [
          [1, 2, null],
          [1 / 2, 1, 3],
          [null, 1 / 3, 1],
        ],
      },
    });
    const a = ahp([
      [1, 2, null],
      [1 / 2, 1, 3],
      [null, 1 / 3, 1],
    ]);
    expect(r.local).toMatchObject({ g: 1, a: 0.75, b: 0.25, a1: a.weights[0], a2: a.weights[1], a3: a.weights[2], a2x: 1, b1: 0.5, b2: 0.5 });
    expect(r.global.a1).toBe(0.75 * a.weights[0]);
    expect(r.global.a2x).toBe(0.75 * a.weights[1]);
    expect(r.global.b2).toBe(0.125);
    expect(Object.values(r.global).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 15);
    expect(r.nodes.a).toEqual({ method: 'ahp', cr: a.cr, missingPairs: [[0, 2]], nextPair: a.nextPair });
    expect(r.nodes.a2.method).toBe('single');
    expect(r.nodes.g.method).toBe('direct');
  });

  it('a group per node: consensus and judges, as engine.ahp', () => {
    const m = [
      [1, 3],
      [1 / 3, 1],
    ];
    const r = hierarchy({ root: { id: 'g', children: [{ id: 'x' }, { id: 'y' }] }, matrices: { g: [m, m] } });
    expect(r.local.x).toBeCloseTo(0.75, 14);
    expect(r.nodes.g.judges).toBe(2);
    expect(r.nodes.g.consensus?.sStar).toBeCloseTo(1, 12);
  });

  it('refuses a parent without judgments or weights, a wrong-sized matrix, a repeated id, naming where', () => {
    const root: HierarchyNode = { id: 'g', children: [{ id: 'x' }, { id: 'y' }] };
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(EngineInputError);
        return (err as EngineInputError).path;
      }
      throw new Error('not refused');
    };
    expect(refused(() => hierarchy({ root }))).toBe('matrices.g');
    expect(
      refused(() =>
        hierarchy({
          root,
          matrices: {
            g: [
              [1, 2, 3],
              [0.5, 1, 1],
              [1 / 3, 1, 1],
            ],
          },
        }),
      ),
    ).toBe('matrices.g');
    expect(refused(() => hierarchy({ root: { id: 'g', children: [{ id: 'x' }, { id: 'x' }] }, weights: { g: [1, 1] } }))).toBe('root.children[1].id');
    expect(refused(() => hierarchy({ root, weights: { g: [1, 1], nope: [1] } }))).toBe('weights.nope');
  });
});
