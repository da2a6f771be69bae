import { describe, expect, it } from 'vitest';
import {
  OVERFLOW_FAIL,
  OVERFLOW_SUMMARIZE,
  OVERFLOW_TRUNCATE,
  TURN_FAILED,
  TURN_OK,
  TURN_SUMMARIZE_FIRST,
  TURN_TRUNCATED,
  planTurn,
  tokensFor,
  walkRollout,
} from './rollout';

describe('turn loop', () => {
  it('appends generations and observations to the context', () => {
    const p = walkRollout(
      3,
      () => 100,
      () => 50,
      1000,
      100_000,
      OVERFLOW_TRUNCATE,
      200,
    );
    // prompt 1000 + 3×100 generated + 2×50 observed (no tool call after the last turn)
    expect(p.generated).toBe(300);
    expect(p.trajectory).toBe(1400);
    expect(p.toolCalls).toBe(2);
    // KV traffic: turn 1 reads ~1050 avg, turn 2 ~1200, turn 3 ~1350 (×100 tokens)
    expect(p.kvTokenContext).toBe(100 * 1050 + 100 * 1200 + 100 * 1350);
  });

  it('KV traffic grows faster than linearly in turns', () => {
    const kv = (t: number) =>
      walkRollout(
        t,
        () => 500,
        () => 1000,
        1000,
        1e9,
        OVERFLOW_TRUNCATE,
        0,
      ).kvTokenContext;
    expect(kv(8) / kv(4)).toBeGreaterThan(2.5);
  });

  it('overflow policies', () => {
    expect(planTurn(900, 100, 1000, OVERFLOW_TRUNCATE, false)).toBe(TURN_OK);
    expect(planTurn(950, 100, 1000, OVERFLOW_TRUNCATE, false)).toBe(TURN_TRUNCATED);
    expect(tokensFor(TURN_TRUNCATED, 950, 100, 1000, 0)).toBe(50);
    expect(planTurn(950, 100, 1000, OVERFLOW_FAIL, false)).toBe(TURN_FAILED);
    expect(planTurn(950, 100, 1000, OVERFLOW_SUMMARIZE, false)).toBe(TURN_SUMMARIZE_FIRST);
    expect(planTurn(950, 100, 1000, OVERFLOW_SUMMARIZE, true)).toBe(TURN_TRUNCATED);

    const trunc = walkRollout(
      10,
      () => 400,
      () => 400,
      500,
      2000,
      OVERFLOW_TRUNCATE,
      100,
    );
    expect(trunc.truncated).toBe(true);
    expect(trunc.trajectory).toBe(2000);
    const failed = walkRollout(
      10,
      () => 400,
      () => 400,
      500,
      2000,
      OVERFLOW_FAIL,
      100,
    );
    expect(failed.failed).toBe(true);
    const summ = walkRollout(
      10,
      () => 400,
      () => 400,
      500,
      2000,
      OVERFLOW_SUMMARIZE,
      100,
    );
    expect(summ.truncated).toBe(false);
    expect(summ.turns).toBe(10);
    // Summaries cost extra generated tokens beyond the 10 × 400 of the turns.
    expect(summ.generated).toBeGreaterThan(4000);
  });
});
