import { describe, expect, it } from 'vitest';
import { valueFunctionProblem, valueOf, valueToScore, type ValueFunction } from './value-function';

describe('value functions', () => {
  it('linear: 0 at worst, 1 at best, clamped; works when less is better', () => {
    const more: ValueFunction = { kind: 'linear', worst: 10, best: 30 };
    expect([0, 10, 15, 30, 99].map((x) => valueOf(more, x))).toEqual([0, 0, 0.25, 1, 1]);
    const cost: ValueFunction = { kind: 'linear', worst: 200_000, best: 50_000 };
    expect(valueOf(cost, 50_000)).toBe(1);
    expect(valueOf(cost, 125_000)).toBeCloseTo(0.5, 12);
    expect(valueOf(cost, 300_000)).toBe(0);
  });

  it('piecewise: interpolates between breakpoints and is flat beyond them', () => {
    const fn: ValueFunction = {
      kind: 'piecewise',
      points: [
        [0.2, 0],
        [0.5, 0.8],
        [0.9, 1],
      ],
    };
    expect(valueOf(fn, 0)).toBe(0);
    expect(valueOf(fn, 0.35)).toBeCloseTo(0.4, 12);
    expect(valueOf(fn, 0.7)).toBeCloseTo(0.9, 12);
    expect(valueOf(fn, 5)).toBe(1);
  });

  it('threshold: pass or fail on either side of the requirement', () => {
    const budget: ValueFunction = { kind: 'threshold', threshold: 100, direction: 'atMost', pass: 1, fail: 0.1 };
    expect([99, 100, 101].map((x) => valueOf(budget, x))).toEqual([1, 1, 0.1]);
    const success: ValueFunction = { kind: 'threshold', threshold: 0.6, direction: 'atLeast', pass: 0.9, fail: 0 };
    expect([0.59, 0.6].map((x) => valueOf(success, x))).toEqual([0, 0.9]);
  });

  it('names what makes a function unusable', () => {
    expect(valueFunctionProblem({ kind: 'linear', worst: 1, best: 1 })).toMatch(/differ/);
    expect(
      valueFunctionProblem({
        kind: 'piecewise',
        points: [
          [1, 0],
          [1, 1],
        ],
      }),
    ).toMatch(/increase/);
    expect(valueFunctionProblem({ kind: 'piecewise', points: [[1, 0]] })).toMatch(/two/);
    expect(valueFunctionProblem({ kind: 'threshold', threshold: 1, direction: 'atLeast', pass: 2, fail: 0 })).toMatch(/0\.\.1/);
    expect(valueFunctionProblem({ kind: 'linear', worst: 0, best: 5 })).toBeNull();
  });

  it('maps a value onto the workshop scale, rounded to 0.1', () => {
    expect(valueToScore(0, { min: 0, max: 10 })).toBe(0);
    expect(valueToScore(0.456, { min: 0, max: 10 })).toBe(4.6);
    expect(valueToScore(1, { min: 1, max: 5 })).toBe(5);
    expect(valueToScore(2, { min: 1, max: 5 })).toBe(5);
  });
});
