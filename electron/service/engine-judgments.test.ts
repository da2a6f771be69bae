import { describe, expect, it } from 'vitest';
import { dispatch } from './dispatch';
import { createInlineRunner } from './tasks/runner';

// SMAA weights from the room's judgments, through the door: validated with zod, refused
// as invalid_request naming the path, answered in the response schema.
const inline = createInlineRunner();
const call = (method: string, payload: unknown) => dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true });

const values = [
  [0.9, 0.2],
  [0.2, 0.9],
];
const a = [
  [1, 3],
  [1 / 3, 1],
];
const b = [
  [1, 1 / 2],
  [2, 1],
];

describe('engine.smaa weights from judgments through the door', () => {
  it('answers with acceptabilities between the judges’ extremes', async () => {
    const res = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [a, null, b], mode: 'bootstrap' }, samples: 4000 });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const r = res.result as { rankAcceptability: number[][]; standardError: number[][] };
    // One judge favours the first candidate, the other the second: neither always wins.
    expect(r.rankAcceptability[0][0]).toBeGreaterThan(0.05);
    expect(r.rankAcceptability[0][0]).toBeLessThan(0.95);
    expect(r.standardError[0][0]).toBeGreaterThan(0);
  });

  it('weighs the judges by the participants’ influence, and refuses influences that do not fit the matrices', async () => {
    const first = async (participantWeights: number[]) => {
      const res = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [a, b], mode: 'bootstrap', participantWeights }, samples: 4000 });
      if (!res.ok) throw new Error(JSON.stringify(res.error));
      return (res.result as { rankAcceptability: number[][] }).rankAcceptability[0][0];
    };
    // The judge who favours the first candidate carries more weight: it wins more often.
    expect(await first([5, 1])).toBeGreaterThan((await first([1, 5])) + 0.2);
    const short = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [a, b], mode: 'perturb', participantWeights: [1] } });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.error.issues?.map((i) => i.path)).toContain('weights.participantWeights');
    const none = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [a, b], mode: 'perturb', participantWeights: [0, 0] } });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.code).toBe('invalid_request');
  });

  it('refuses a matrix of the wrong size or a non-reciprocal one, naming its path', async () => {
    const wrong = await call('engine.smaa', {
      values,
      weights: {
        kind: 'judgments',
        matrices: [
          [
            [1, 2, 3],
            [0.5, 1, 1],
            [1 / 3, 1, 1],
          ],
        ],
        mode: 'perturb',
      },
    });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.issues?.map((i) => i.path)).toContain('weights.matrices[0]');
    const skew = await call('engine.smaa', {
      values,
      weights: {
        kind: 'judgments',
        matrices: [
          [
            [1, 3],
            [3, 1],
          ],
        ],
        mode: 'perturb',
      },
    });
    expect(skew.ok).toBe(false);
    if (!skew.ok) expect(skew.error.issues?.map((i) => i.path)).toContain('weights.matrices[0][1][0]');
  });

  it('refuses an unknown mode and a room where nobody judged', async () => {
    const mode = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [a], mode: 'jitter' } });
    expect(mode.ok).toBe(false);
    const nobody = await call('engine.smaa', { values, weights: { kind: 'judgments', matrices: [null, null], mode: 'perturb' } });
    expect(nobody.ok).toBe(false);
    if (!nobody.ok) expect(nobody.error.code).toBe('invalid_request');
  });
});
