import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, simDefaults } from './schema';
import {
  effectiveValue,
  fieldSpec,
  parseNumberField,
  scenarioIssues,
  SIM_FIELDS,
  sliderPosition,
  sliderValue,
  valueAt,
  withValue,
  type NumberFieldSpec,
} from './form';

const numberSpec = (path: string) => fieldSpec(path) as NumberFieldSpec;

describe('the field list', () => {
  it('names only real scenario fields, each once, and every default lies within its field’s bounds', () => {
    const paths = SIM_FIELDS.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of SIM_FIELDS) {
      const d = valueAt(simDefaults, f.path);
      expect(d, f.path).not.toBeUndefined();
      if (f.kind === 'number' && d !== null) expect(parseNumberField(f, String(d)), f.path).toEqual({ ok: true, value: d });
      if (f.kind === 'choice') expect(f.options, f.path).toContain(d);
      if (f.kind === 'boolean') expect(typeof d, f.path).toBe('boolean');
    }
  });

  it('has bounds that the contract agrees with: the extremes a field accepts parse, one step beyond does not', () => {
    for (const f of SIM_FIELDS) {
      if (f.kind !== 'number' || f.max > 1e9) continue;
      const lo = f.minExclusive ? (f.integer ? f.min + 1 : f.min + 1e-6) : f.min;
      const hi = f.maxExclusive ? f.max - 1e-6 : f.max;
      // Values at the edges may still break cross-field rules; only the field's own issue counts here.
      const own = (v: number) => scenarioIssues(withValue({}, f.path, v)).filter((i) => i.path === f.path && i.code === 'other');
      expect(own(lo), `${f.path} = ${lo}`).toEqual([]);
      expect(own(hi), `${f.path} = ${hi}`).toEqual([]);
      expect(parseNumberField(f, String(f.max + 1)).ok, f.path).toBe(false);
    }
  });
});

describe('sparse scenario paths', () => {
  it('sets a value, drops it again when it equals the default, and prunes empty sections', () => {
    const a = withValue({}, 'rollout.turns.median', 8);
    expect(a).toEqual({ rollout: { turns: { median: 8 } } });
    expect(effectiveValue(a, 'rollout.turns.median')).toBe(8);
    expect(effectiveValue(a, 'rollout.turns.p99')).toBe(16);
    const b = withValue(a, 'rollout.turns.median', simDefaults.rollout.turns.median);
    expect(b).toEqual({});
    expect(withValue(b, 'rollout.turns.median', 4)).toBe(b);
  });

  it('keeps the input untouched and returns it when the value is unchanged', () => {
    const s = { cluster: { gpus: 32 } };
    const frozen = JSON.stringify(s);
    const t = withValue(s, 'cluster.colocated', true);
    expect(JSON.stringify(s)).toBe(frozen);
    expect(t).toEqual({ cluster: { gpus: 32, colocated: true } });
    expect(withValue(t, 'cluster.gpus', 32)).toBe(t);
  });

  it('stores null for a nullable field only when null is not the default', () => {
    expect(withValue({ model: { activeParamsB: 3 } }, 'model.activeParamsB', null)).toEqual({});
  });
});

describe('parsing a number field', () => {
  it('accepts numbers with separators and rejects text, fractions of counts and out-of-range values', () => {
    const steps = numberSpec('steps');
    expect(parseNumberField(steps, ' 1,000 ')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberField(steps, '')).toEqual({ ok: false, error: { code: 'required' } });
    expect(parseNumberField(steps, 'ten')).toEqual({ ok: false, error: { code: 'notNumber' } });
    expect(parseNumberField(steps, '2.5')).toEqual({ ok: false, error: { code: 'notInteger' } });
    expect(parseNumberField(steps, '0')).toEqual({ ok: false, error: { code: 'tooSmall', limit: 1, inclusive: true } });
    expect(parseNumberField(steps, '2000000')).toEqual({ ok: false, error: { code: 'tooLarge', limit: 1_000_000, inclusive: true } });
    const mfu = numberSpec('cluster.mfu');
    expect(parseNumberField(mfu, '0')).toEqual({ ok: false, error: { code: 'tooSmall', limit: 0, inclusive: false } });
    expect(parseNumberField(mfu, '1')).toEqual({ ok: true, value: 1 });
    expect(parseNumberField(numberSpec('rollout.envFailureRate'), '1').ok).toBe(false);
  });

  it('reads an empty nullable field as null ("derive it")', () => {
    expect(parseNumberField(numberSpec('cluster.rolloutGpus'), '  ')).toEqual({ ok: true, value: null });
  });
});

describe('sliders', () => {
  it('map log ranges end to end and land on readable values', () => {
    const turns = numberSpec('rollout.turns.median');
    expect(sliderValue(turns, 0)).toBe(1);
    expect(sliderValue(turns, 1000)).toBe(128);
    expect(sliderPosition(turns, 128)).toBe(1000);
    const mid = sliderValue(turns, 500);
    expect(mid).toBeGreaterThan(10);
    expect(mid).toBeLessThan(12);
    expect(String(mid).replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(2);
    // Round trip: the position of a slider value maps back to (nearly) the same position.
    for (const p of [0, 137, 500, 999]) expect(Math.abs(sliderPosition(turns, sliderValue(turns, p)) - p)).toBeLessThan(15);
  });

  it('round counts to integers and never go below an exclusive minimum', () => {
    const gpus = numberSpec('cluster.gpus');
    for (let p = 0; p <= 1000; p += 50) expect(Number.isInteger(sliderValue(gpus, p))).toBe(true);
    const mfu = numberSpec('cluster.mfu');
    expect(sliderValue(mfu, 0)).toBeGreaterThan(0);
    expect(sliderValue(numberSpec('cluster.mfu'), 500)).toBeCloseTo(0.425, 3);
  });

  it('clamp values outside the slider range to its ends', () => {
    const steps = numberSpec('steps');
    expect(sliderPosition(steps, 1_000_000)).toBe(1000);
    expect(sliderPosition(steps, 1)).toBe(0);
  });
});

describe('scenario issues', () => {
  it('is empty for the defaults and for a seeded long-rollout scenario', () => {
    expect(scenarioIssues({})).toEqual([]);
    expect(scenarioIssues({ rollout: { turns: { median: 40, p99: 160, max: 320 } } })).toEqual([]);
  });

  it('names the cross-field rule each broken field falls under', () => {
    const issues = scenarioIssues({
      rollout: { turns: { median: 40 }, maxContextTokens: 1024, promptTokens: 2048 },
      model: { paramsB: 7, activeParamsB: 8 },
      cluster: { gpus: 4, tensorParallel: 8 },
    });
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i.code]));
    expect(byPath).toMatchObject({
      'rollout.turns.p99': 'p99BelowMedian',
      'rollout.turns.max': 'maxBelowMedian',
      'rollout.promptTokens': 'promptTooLong',
      'model.activeParamsB': 'activeAboveTotal',
      'cluster.tensorParallel': 'tpAboveGpus',
    });
    expect(issues.every((i) => i.message.length > 0)).toBe(true);
  });

  it('flags separate pools that do not add up, and too many rollouts with the limit', () => {
    const pools = scenarioIssues({ cluster: { gpus: 16, rolloutGpus: 8, trainGpus: 4 } });
    expect(pools.map((i) => i.code)).toContain('poolsMismatch');
    const big = scenarioIssues({ steps: 1_000_000, promptsPerStep: 1000 });
    expect(big[0]).toMatchObject({ path: 'steps', code: 'tooManyRollouts', params: { max: 20_000_000 } });
    // What scenarioIssues accepts, the contract accepts.
    expect(SimScenarioSchema.safeParse({ steps: 1000, promptsPerStep: 1000, rolloutsPerPrompt: 20 }).success).toBe(
      scenarioIssues({ steps: 1000, promptsPerStep: 1000, rolloutsPerPrompt: 20 }).length === 0,
    );
  });
});
