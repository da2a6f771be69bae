import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from './dispatch';
import { handlers } from './handlers';
import type { Outcome } from '../../shared/contract';
import { createInlineRunner } from './tasks/runner';

// Requests at the edges of what the engine can compute: each answers (with finite numbers)
// or is refused as `invalid_request`, within seconds. The door does not validate responses
// here (`checkResponse` off, as in production), so what is asserted is what a host sends.
const inline = createInlineRunner();
const call = (method: string, payload: unknown) => dispatch(method, payload, { host: 'test', tasks: inline });

function resultOf<T>(res: Outcome): T {
  if (!res.ok) throw new Error(`expected an answer, got ${res.error.code}: ${res.error.message}`);
  return res.result as T;
}

/** Every number in a value, with its path. */
function numbers(value: unknown, path = ''): Array<[string, unknown]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  return [];
}

/** What the host would send: JSON turns NaN and ±Infinity into null. */
function expectFiniteOnTheWire(value: unknown, nullable: readonly RegExp[] = []): void {
  const wire: unknown = JSON.parse(JSON.stringify(value));
  for (const [path, x] of numbers(value)) expect(Number.isFinite(x), `${path} = ${String(x)}`).toBe(true);
  const nulls: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v === null) nulls.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, `${path}.${k}`));
  };
  walk(wire, '');
  expect(nulls.filter((p) => !nullable.some((r) => r.test(p)))).toEqual([]);
}

type Smaa = { rankAcceptability: number[][]; pairwiseWinning: number[][]; confidence: (number | null)[] };

describe('engine requests at numeric extremes answer or refuse, within seconds', () => {
  it('engine.smaa with a value spread of 1e200 answers with acceptabilities summing to 1', async () => {
    const started = Date.now();
    const res = await call('engine.smaa', {
      values: [
        [1, 2],
        [2, 1],
      ],
      valueSpread: [
        [1e200, 0],
        [0, 1e200],
      ],
      samples: 1000,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const r = resultOf<Smaa>(res);
    expectFiniteOnTheWire(r, [/^\.centralWeights\[\d\]$/, /^\.confidence\[\d\]$/]);
    for (const row of r.rankAcceptability) expect(row.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    for (let k = 0; k < 2; k++) expect(r.rankAcceptability.reduce((s, row) => s + row[k], 0)).toBeCloseTo(1, 12);
  }, 20_000);

  it('engine.smaa with values ±1e308: every rank column sums to 1', async () => {
    const r = resultOf<Smaa>(
      await call('engine.smaa', {
        values: [
          [1e308, 1e308],
          [1e308, -1e308],
        ],
        samples: 1000,
      }),
    );
    expectFiniteOnTheWire(r, [/^\.centralWeights\[\d\]$/, /^\.confidence\[\d\]$/]);
    for (let k = 0; k < 2; k++) expect(r.rankAcceptability.reduce((s, row) => s + row[k], 0)).toBeCloseTo(1, 12);
    // (1, 1) beats (1, −1) for every weight with w₂ > 0.
    expect(r.rankAcceptability[0][0]).toBe(1);
  });

  it('engine.sensitivity with weights [1e308, 1e308] treats them as equal weights', async () => {
    const r = resultOf<{ winner: number; criteria: Array<{ weight: number }> }>(
      await call('engine.sensitivity', {
        values: [
          [1, 0],
          [0, 2],
        ],
        weights: [1e308, 1e308],
      }),
    );
    // Equal weights: totals 0.5 and 1.
    expect(r.winner).toBe(1);
    expect(r.criteria.map((c) => c.weight)).toEqual([0.5, 0.5]);
  });

  it('engine.topsis with weights [1e308, 1e308] ranks as with equal weights', async () => {
    const matrix = [
      [1, 0],
      [0, 2],
      [1, 1],
    ];
    const huge = resultOf<{ closeness: number[] }>(await call('engine.topsis', { matrix, weights: [1e308, 1e308], directions: ['benefit', 'benefit'] }));
    const unit = resultOf<{ closeness: number[] }>(await call('engine.topsis', { matrix, weights: [1, 1], directions: ['benefit', 'benefit'] }));
    expect(huge.closeness).toEqual(unit.closeness);
  });

  it('engine.sensitivity with values ±1e308: the smallest change carries finite weights', async () => {
    const r = resultOf<{ winner: number; smallestChange: { weights: number[]; distance: number } }>(
      await call('engine.sensitivity', {
        values: [
          [1e308, -1e308],
          [-1e308, 1e308],
        ],
        weights: [0.6, 0.4],
      }),
    );
    expectFiniteOnTheWire(r, [/\.winner(Below|Above)$/, /\.criticalPercent$/]);
    expect(r.winner).toBe(0);
    // The tie is at (0.5, 0.5): an L1 change of 0.2, as for values ±1.
    expect(r.smallestChange.weights[0]).toBeCloseTo(0.5, 12);
    expect(r.smallestChange.distance).toBeCloseTo(0.2, 12);
  });

  it('engine.ahp with an empty group is refused as invalid_request, naming matrices', async () => {
    const res = await call('engine.ahp', { matrices: [] });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_request');
      expect(res.error.issues?.map((i) => i.path)).toContain('matrices');
    }
  });

  it('engine.ahp refuses judgments far beyond any judgment scale (1e20), naming the entry', async () => {
    const res = await call('engine.ahp', {
      matrix: [
        [1, 1e20, null],
        [1e-20, 1, 1e20],
        [null, 1e-20, 1],
      ],
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_request');
      expect(res.error.issues?.map((i) => i.path)).toContain('matrix[0][1]');
    }
  });

  it('engine.ahp: consistent incomplete judgments at the edge of the accepted range give CR ≈ 0', async () => {
    const big = 1000;
    const r = resultOf<{ cr: number; weights: number[] }>(
      await call('engine.ahp', {
        matrix: [
          [1, big, null],
          [1 / big, 1, big],
          [null, 1 / big, 1],
        ],
      }),
    );
    expect(r.cr).toBeLessThan(1e-9);
    expect(r.weights[0] / r.weights[1]).toBeCloseTo(big, 6);
  });
});

describe('engine.smaa weight constraints through the door', () => {
  const values = [
    [1, 0, 0.5],
    [0, 1, 0.5],
  ];

  it('answers with the constraint honoured: with cost ≥ 2 × scalability, the cost-strong candidate leads', async () => {
    const r = resultOf<Smaa & { standardError: number[][] }>(
      await call('engine.smaa', { values, weights: { kind: 'constraints', constraints: [{ greater: 0, lesser: 1, ratio: 2 }] }, samples: 5000 }),
    );
    expect(r.rankAcceptability[0][0]).toBe(1);
    expect(r.standardError).toHaveLength(2);
  });

  it('refuses contradicting constraints as invalid_request, naming them', async () => {
    const res = await call('engine.smaa', {
      values,
      weights: {
        kind: 'constraints',
        constraints: [
          { greater: 0, lesser: 1, ratio: 2 },
          { greater: 1, lesser: 0 },
        ],
      },
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_request');
      expect(res.error.message).toContain('constraints[0], constraints[1] contradict each other');
    }
  });

  it('refuses a constraint on a criterion that does not exist, naming its path', async () => {
    const res = await call('engine.smaa', { values, weights: { kind: 'constraints', constraints: [{ greater: 0, lesser: 3 }] } });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.issues?.map((i) => i.path)).toContain('weights.constraints[0].lesser');
  });
});

describe('engine.hierarchy through the door', () => {
  const root = { id: 'goal', children: [{ id: 'cost', children: [{ id: 'gpu' }, { id: 'ops' }] }, { id: 'scale' }] };

  it('answers local and global priorities for one judge and for a group (response checked against its schema)', async () => {
    const checked = (method: string, payload: unknown) => dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true });
    const one = resultOf<{ global: Record<string, number> }>(
      await checked('engine.hierarchy', {
        root,
        matrices: {
          goal: [
            [1, 3],
            [1 / 3, 1],
          ],
        },
        weights: { cost: [1, 1] },
      }),
    );
    expect(one.global).toEqual({ gpu: 0.375, ops: 0.375, scale: 0.25 });
    const m = [
      [1, 1],
      [1, 1],
    ];
    const group = resultOf<{ nodes: Record<string, { judges: number; consensus: unknown }> }>(
      await checked('engine.hierarchy', { root, matrices: { goal: [m, m], cost: [m, m] }, participantWeights: [1, 2] }),
    );
    expect(group.nodes.goal.judges).toBe(2);
  });

  it('refuses a non-reciprocal matrix naming its entry', async () => {
    const res = await call('engine.hierarchy', {
      root,
      matrices: {
        goal: [
          [1, 3],
          [3, 1],
        ],
      },
      weights: { cost: [1, 1] },
    });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.issues?.map((i) => i.path)).toContain('matrices.goal[1][0]');
  });
});

describe('the door refuses a response that carries a non-finite number', () => {
  const original = handlers['engine.rankWeights'];
  afterEach(() => {
    (handlers as Record<string, unknown>)['engine.rankWeights'] = original;
  });

  it('a NaN weight is not sent as null: the call fails and names the field', async () => {
    (handlers as Record<string, unknown>)['engine.rankWeights'] = () => ({ weights: [0.5, Number.NaN] });
    const res = await call('engine.rankWeights', { order: [0, 1], method: 'roc' });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.message).toContain('weights[1]');
  });

  it('Infinity likewise', async () => {
    (handlers as Record<string, unknown>)['engine.rankWeights'] = () => ({ weights: [Number.POSITIVE_INFINITY, 0] });
    const res = await call('engine.rankWeights', { order: [0, 1], method: 'roc' });
    expect(res.ok).toBe(false);
  });
});
