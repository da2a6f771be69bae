import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from './dispatch';
import type { Outcome } from '../../shared/contract';
import { createInlineRunner } from './tasks/runner';
import { createWorkerPool } from './tasks/pool';

const inline = createInlineRunner();
const call = (method: string, payload: unknown) => dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true });

function issuesOf(res: Outcome): Array<{ path: string; message: string }> {
  expect(res.ok).toBe(false);
  if (res.ok) return [];
  expect(res.error.code).toBe('invalid_request');
  return res.error.issues ?? [];
}

const evaluateRequest = {
  candidates: ['veRL', 'OpenRLHF'],
  criteria: [
    { id: 'throughput', weight: 3 },
    { id: 'maturity', weight: 1 },
  ],
  scores: [
    [
      [5, 2],
      [3, 4],
    ],
    [
      [4, null],
      [3, 5],
    ],
  ],
  scale: { min: 1, max: 5 },
  aggregation: 'median',
};

describe('engine methods through dispatch: happy paths (responses checked against their schemas)', () => {
  it('engine.evaluate', async () => {
    const res = await call('engine.evaluate', evaluateRequest);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.result).toMatchObject({ ranking: [0, 1], coverage: [1, 1] });
  });

  it('engine.ahp single and group', async () => {
    const matrix = [
      [1, 3, 5],
      [1 / 3, 1, 2],
      [1 / 5, 1 / 2, 1],
    ];
    const single = await call('engine.ahp', { matrix });
    expect(single.ok).toBe(true);
    const group = await call('engine.ahp', { matrices: [matrix, matrix], participantWeights: [1, 2] });
    expect(group.ok).toBe(true);
    if (group.ok) expect((group.result as { individual: unknown[] }).individual).toHaveLength(2);
  });

  it('engine.topsis, engine.rankWeights, engine.sensitivity, engine.smaa', async () => {
    expect(
      (
        await call('engine.topsis', {
          matrix: [
            [1, 2],
            [2, 1],
          ],
          weights: [1, 1],
          directions: ['benefit', 'cost'],
        })
      ).ok,
    ).toBe(true);
    const rw = await call('engine.rankWeights', { order: [1, 0, 2, 3], method: 'roc' });
    expect(rw.ok && (rw.result as { weights: number[] }).weights[1]).toBeCloseTo(0.5208, 4);
    expect(
      (
        await call('engine.sensitivity', {
          values: [
            [1, 0],
            [0, 1],
          ],
          weights: [0.6, 0.4],
        })
      ).ok,
    ).toBe(true);
    const smaa = await call('engine.smaa', {
      values: [
        [1, 0],
        [0, 1],
      ],
      valueSpread: [
        [0.1, 0.1],
        [0.1, 0.1],
      ],
      samples: 2000,
    });
    expect(smaa.ok).toBe(true);
  });
});

describe('engine methods through dispatch: bad input names the offending path', () => {
  it('non-square AHP matrix', async () => {
    const issues = issuesOf(
      await call('engine.ahp', {
        matrix: [
          [1, 2, 3],
          [0.5, 1],
          [1 / 3, 1, 1],
        ],
      }),
    );
    expect(issues[0].path).toBe('matrix[1]');
  });

  it('non-reciprocal AHP matrix → the lower-triangle entry, e.g. matrix[2][0]', async () => {
    const res = await call('engine.ahp', {
      matrix: [
        [1, 2, 4],
        [0.5, 1, 2],
        [0.3, 0.5, 1],
      ],
    });
    expect(issuesOf(res)).toMatchObject([{ path: 'matrix[2][0]', message: expect.stringMatching(/reciprocal of matrix\[0\]\[2\] = 4/) }]);
    // Rounded reciprocals as people type them are accepted (within 5%): 0.33, 0.333, 0.3333333
    // for 1/3, 0.2 for 1/5, 0.14 for 1/7 — and the engine uses the exact reciprocal of the entry ≥ 1.
    for (const typed of [0.33, 0.333, 0.3333333]) {
      const res = await call('engine.ahp', {
        matrix: [
          [1, 3],
          [typed, 1],
        ],
      });
      expect(res.ok).toBe(true);
      if (res.ok) expect((res.result as { weights: number[] }).weights[0]).toBeCloseTo(0.75, 14);
    }
    const typed = await call('engine.ahp', {
      matrix: [
        [1, 0.2, 0.14],
        [5, 1, 0.33],
        [7, 3, 1],
      ],
    });
    const exact = await call('engine.ahp', {
      matrix: [
        [1, 1 / 5, 1 / 7],
        [5, 1, 1 / 3],
        [7, 3, 1],
      ],
    });
    expect(typed.ok && (typed.result as { weights: number[] }).weights).toEqual(exact.ok && (exact.result as { weights: number[] }).weights);
    // 0.3 is not 1/4, nor 0.25 a reciprocal of 3.
    expect(
      issuesOf(
        await call('engine.ahp', {
          matrix: [
            [1, 4],
            [0.3, 1],
          ],
        }),
      )[0].path,
    ).toBe('matrix[1][0]');
  });

  it('incomplete matrices: null pairs give missingPairs and nextPair; a one-sided null or unconnected pairs are refused, naming the criterion', async () => {
    const res = await call('engine.ahp', {
      matrix: [
        [1, 2, null],
        [0.5, 1, 3],
        [null, 1 / 3, 1],
      ],
    });
    expect(res.ok && res.result).toMatchObject({ missingPairs: [[0, 2]], nextPair: [0, 2], answeredPairs: 2, minimumPairs: 2 });
    const oneSided = await call('engine.ahp', {
      matrix: [
        [1, 2, null],
        [0.5, 1, 3],
        [4, 1 / 3, 1],
      ],
    });
    expect(issuesOf(oneSided)[0].path).toBe('matrix[0][2]');
    const unconnected = await call('engine.ahp', {
      matrix: [
        [1, 2, null],
        [0.5, 1, null],
        [null, null, 1],
      ],
      labels: ['cost', 'speed', 'safety'],
    });
    expect(issuesOf(unconnected)).toMatchObject([{ path: 'matrix', message: expect.stringMatching(/"safety" is not linked to "cost"/) }]);
  });

  it('non-positive judgment, non-unit diagonal, and group matrices of different sizes', async () => {
    expect(
      issuesOf(
        await call('engine.ahp', {
          matrix: [
            [1, 0],
            [0, 1],
          ],
        }),
      ).map((i) => i.path),
    ).toContain('matrix[0][1]');
    expect(
      issuesOf(
        await call('engine.ahp', {
          matrix: [
            [2, 1],
            [1, 1],
          ],
        }),
      )[0].path,
    ).toBe('matrix[0][0]');
    const m2 = [
      [1, 2],
      [0.5, 1],
    ];
    const m3 = [
      [1, 2, 2],
      [0.5, 1, 1],
      [0.5, 1, 1],
    ];
    expect(issuesOf(await call('engine.ahp', { matrices: [m2, m3] }))[0].path).toBe('matrices[1]');
    expect(issuesOf(await call('engine.ahp', { matrix: m2, matrices: [m2] }))[0].path).toBe('(root)');
    expect(issuesOf(await call('engine.ahp', { matrix: [[1]] }))[0].path).toBe('matrix');
  });

  it('NaN and Infinity sent as payload values (JSON cannot carry them)', async () => {
    expect(
      issuesOf(
        await call('engine.ahp', {
          matrix: [
            [1, NaN],
            [1, 1],
          ],
        }),
      )[0].path,
    ).toBe('matrix[0][1]');
    expect(
      issuesOf(
        await call('engine.topsis', {
          matrix: [
            [1, Infinity],
            [2, 1],
          ],
          weights: [1, 1],
          directions: ['benefit', 'cost'],
        }),
      )[0].path,
    ).toBe('matrix[0][1]');
    const scores = [
      [
        [5, NaN],
        [3, 4],
      ],
    ];
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores }))[0].path).toBe('scores[0][0][1]');
  });

  it('the score cube names each bad entry: not a number, not a list, at most 20 reported', async () => {
    const bad = issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores: [[[5, '2'], 3], 'x'] }));
    expect(bad).toMatchObject([
      { path: 'scores[0][0][1]', message: 'must be a finite number or null' },
      { path: 'scores[0][1]', message: 'must be a list (one per criterion)' },
      { path: 'scores[1]', message: 'must be a list (one per candidate)' },
    ]);
    const many = [[Array.from({ length: 50 }, () => 'x'), [3, 4]]];
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores: many }))).toHaveLength(20);
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores: {} }))[0].path).toBe('scores');
  });

  it('mismatched shapes', async () => {
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores: [[[5, 2]]] }))[0].path).toBe('scores[0]');
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores: [[[5, 2], [3]]] }))[0].path).toBe('scores[0][1]');
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, participantWeights: [1] }))[0].path).toBe('participantWeights');
    expect(
      issuesOf(
        await call('engine.topsis', {
          matrix: [
            [1, 2],
            [2, 1],
          ],
          weights: [1, 1],
          directions: ['benefit'],
        }),
      )[0].path,
    ).toBe('directions');
    expect(
      issuesOf(
        await call('engine.sensitivity', {
          values: [
            [1, 0],
            [0, 1, 2],
          ],
          weights: [1, 1],
        }),
      )[0].path,
    ).toBe('values[1]');
    expect(
      issuesOf(
        await call('engine.smaa', {
          values: [
            [1, 0],
            [0, 1],
          ],
          valueSpread: [[0.1, 0.1]],
        }),
      )[0].path,
    ).toBe('valueSpread');
    expect(
      issuesOf(
        await call('engine.smaa', {
          values: [
            [1, 0],
            [0, 1],
          ],
          weights: { kind: 'ordinal', order: [0, 0] },
        }),
      )[0].path,
    ).toBe('weights.order[1]');
    expect(issuesOf(await call('engine.rankWeights', { order: [0, 2], method: 'roc' }))[0].path).toBe('order[1]');
  });

  it('scores outside the scale, an empty scale, all-zero weights, and geometric with a zero score', async () => {
    const scores = [
      [
        [6, 2],
        [3, 4],
      ],
    ];
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scores }))[0].path).toBe('scores[0][0][0]');
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, scale: { min: 5, max: 5 } }))[0].path).toBe('scale.max');
    const zero = evaluateRequest.criteria.map((c) => ({ ...c, weight: 0 }));
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, criteria: zero }))[0]).toMatchObject({
      path: 'criteria',
      message: expect.stringMatching(/all weights are zero/),
    });
    const geometric = {
      ...evaluateRequest,
      aggregation: 'geometric',
      scale: { min: 0, max: 5 },
      scores: [
        [
          [0, 2],
          [3, 4],
        ],
      ],
    };
    expect(issuesOf(await call('engine.evaluate', geometric))[0].path).toBe('scores[0][0][0]');
  });

  it('unknown fields are errors', async () => {
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, extra: 1 }))[0].path).toMatch(/extra/);
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, criteria: [{ id: 'x', weight: 1, colour: 'red' }] }))[0].path).toMatch(/criteria\[0\]/);
    expect(issuesOf(await call('engine.smaa', { values: [[1]], weights: { kind: 'uniform', center: [1] } }))[0].path).toMatch(/^weights/);
  });

  it('empty candidate lists', async () => {
    expect(issuesOf(await call('engine.evaluate', { ...evaluateRequest, candidates: [], scores: [] }))[0].path).toBe('candidates');
    expect(issuesOf(await call('engine.topsis', { matrix: [], weights: [1], directions: ['benefit'] }))[0].path).toBe('matrix');
    expect(issuesOf(await call('engine.smaa', { values: [] }))[0].path).toBe('values');
  });

  it('semantic errors found by the engine keep their path (SMAA spread too large)', async () => {
    const res = await call('engine.smaa', {
      values: [
        [1, 0],
        [0, 1],
      ],
      weights: { kind: 'around', center: [1, 1], spread: 0.9 },
    });
    expect(issuesOf(res)[0].path).toBe('weights.spread');
  });
});

describe('engine.smaa on the worker pool', () => {
  const pool = createWorkerPool(new URL('../../build/node/worker.mjs', import.meta.url), 2);
  afterAll(() => pool.close());
  const values = Array.from({ length: 10 }, (_, a) => Array.from({ length: 12 }, (_, j) => 0.5 + 0.5 * Math.sin(a * 7 + j * 3)));
  const request = { values, valueSpread: values.map((row) => row.map(() => 0.1)), samples: 1_000_000, seed: 3 };

  it('runs 1,000,000 samples in shards with progress, matching the inline answer for the same seed', async () => {
    const progress: number[] = [];
    const res = await dispatch('engine.smaa', request, { host: 'test', tasks: pool, onProgress: (p) => progress.push(p.done), checkResponse: true });
    expect(res.ok).toBe(true);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
    // Fewer samples, inline vs workers: bit-identical (shards are a fixed function of the samples).
    const small = { ...request, samples: 150_000 };
    const viaWorkers = await dispatch('engine.smaa', small, { host: 'test', tasks: pool });
    const viaInline = await dispatch('engine.smaa', small, { host: 'test', tasks: inline });
    expect(viaWorkers).toEqual(viaInline);
    if (res.ok) {
      const r = res.result as { rankAcceptability: number[][]; samples: number };
      expect(r.samples).toBe(1_000_000);
      r.rankAcceptability.forEach((row) => expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12));
    }
  });

  it('cancelling rejects promptly with code "cancelled"', async () => {
    const ac = new AbortController();
    let abortedAt = 0;
    const pending = dispatch(
      'engine.smaa',
      { ...request, samples: 20_000_000 },
      {
        host: 'test',
        tasks: pool,
        signal: ac.signal,
        onProgress: () => {
          if (!abortedAt) {
            abortedAt = performance.now();
            ac.abort();
          }
        },
      },
    );
    const res = await pending;
    const latency = performance.now() - abortedAt;
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('cancelled');
    expect(abortedAt).toBeGreaterThan(0);
    // 20M samples take ~10 s of CPU; a cancelled run must stop long before (loose bound: shared, noisy machines).
    expect(latency).toBeLessThan(3000);
  });
});

describe('the room’s same-frame preview', () => {
  it('is exactly what engine.evaluate answers for the same request after the trip through JSON', async () => {
    const { largeWorkshop } = await import('../../test/fixtures/largeWorkshop');
    const { participantWeights, scoreCube } = await import('../../shared/model/analysis');
    const { evaluate } = await import('../../shared/scoring');
    for (const aggregation of ['mean', 'median', 'geometric'] as const) {
      const doc = largeWorkshop(20, 10, 12);
      // A what-if override and uneven influence, as in the room.
      const overrides = { [`${doc.participants[3].id}|${doc.candidates[2].id}|${doc.criteria[5].id}`]: 1 };
      const request = {
        candidates: doc.candidates.map((c) => c.id),
        criteria: doc.criteria.map((c, i) => ({ id: c.id, weight: 100 + 37 * i })),
        scores: scoreCube(doc, overrides),
        scale: doc.scale,
        aggregation,
        participantWeights: participantWeights({ ...doc, participants: doc.participants.map((p, i) => ({ ...p, influence: 1 + (i % 3) })) }),
      };
      const res = await call('engine.evaluate', JSON.parse(JSON.stringify(request)));
      let preview: unknown;
      try {
        preview = evaluate(request);
      } catch (err) {
        // A zero score cannot be aggregated geometrically: both refuse it, at the same path.
        expect(aggregation).toBe('geometric');
        expect(issuesOf(res).map((i) => i.path)).toContain((err as { path: string }).path);
        continue;
      }
      expect(res.ok).toBe(true);
      if (res.ok) expect(JSON.parse(JSON.stringify(res.result))).toEqual(JSON.parse(JSON.stringify(preview)));
    }
  });
});

describe('engine.stabilityMap through the contract', () => {
  it('answers a map and refuses equal dimensions, naming dimensions[1]', async () => {
    const values = [
      [1, 0, 0.5],
      [0, 1, 0.5],
    ];
    const res = await call('engine.stabilityMap', { values, weights: [1, 1, 1], dimensions: [0, 1], resolution: 4 });
    expect(res.ok && (res.result as { winners: unknown[][] }).winners).toHaveLength(5);
    expect(issuesOf(await call('engine.stabilityMap', { values, weights: [1, 1, 1], dimensions: [1, 1] }))[0].path).toBe('dimensions[1]');
  });
});

describe('engine.ahpRatings through the contract', () => {
  it('answers scores on the scale (ideal mode), names a candidate the pairs leave unlinked, and refuses a bad scale', async () => {
    const matrix = [
      [1, 1 / 4, 4],
      [4, 1, 9],
      [1 / 4, 1 / 9, 1],
    ];
    const res = await call('engine.ahpRatings', { matrix, scale: { min: 0, max: 10 } });
    expect(res.ok).toBe(true);
    const scores = res.ok ? (res.result as { scores: number[] }).scores : [];
    expect(scores[1]).toBe(10);
    expect(scores[0]).toBeCloseTo(3.03, 2);
    const unlinked = await call('engine.ahpRatings', {
      matrix: [
        [1, 2, null],
        [0.5, 1, null],
        [null, null, 1],
      ],
      scale: { min: 0, max: 10 },
      labels: ['A', 'B', 'C'],
    });
    expect(issuesOf(unlinked)[0].message).toMatch(/"C" is not linked/);
    expect(issuesOf(await call('engine.ahpRatings', { matrix, scale: { min: 10, max: 0 } }))[0].path).toBe('scale.max');
  });
});
