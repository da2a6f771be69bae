import { describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/contract/errors';
import { issueText } from '../../shared/i18n/issues';
import { SimScenarioSchema } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import { asContractError, simCalibrateTask } from './task';

const LATIN_WORD = /[A-Za-z]{2,}/;
const terms = (s: string) => s.replace(/GPU|GB|[Rr]ollout|KV|token/g, '');

function refusal(f: () => unknown): ContractError {
  try {
    f();
  } catch (err) {
    const e = asContractError(err);
    if (e instanceof ContractError) return e;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('engine refusals carry a code, their numbers and the fix', () => {
  // The meeting's case: the needs' 32B with a 64K window on the default single-GPU engine.
  const big = SimScenarioSchema.parse({ model: { paramsB: 32 }, rollout: { maxContextTokens: 65_536 } });

  it('a model that does not fit names the tensor-parallel degree that does, in both languages', () => {
    const e = refusal(() => estimateScenario(big));
    expect(e.code).toBe('invalid_request');
    const [issue] = e.issues!;
    expect(issue.path).toBe('cluster.tensorParallel');
    expect(issue.code).toBe('sim_model_does_not_fit');
    expect(issue.params).toMatchObject({ tp: 1, fitTp: 2, context: 65_536, memoryGB: 80 });
    expect(issueText(issue, 'en')).toMatch(/does not fit.*raise the tensor parallel degree to 2/);
    expect(issueText(issue, 'en')).not.toMatch(/[a-z][A-Z]/); // no camelCase field ids on screen
    const zh = issueText(issue, 'zh-CN');
    expect(zh).toContain('张量并行度提高到 2');
    expect(terms(zh)).not.toMatch(LATIN_WORD);
    // The fix it names runs.
    expect(() => estimateScenario(SimScenarioSchema.parse({ ...big, cluster: { ...big.cluster, tensorParallel: 2 } }))).not.toThrow();
  });

  it('pilot calibration refuses with the same code, never as English-only text', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ stepSeconds: 300 + i, rolloutSeconds: null, trainSeconds: 100, tokensPerSecond: null, gpus: null }));
    const e = refusal(() => simCalibrateTask({ pilot: big, rows, target: big }));
    const [issue] = e.issues!;
    expect(issue.code).toBe('sim_model_does_not_fit');
    expect(issueText(issue, 'zh-CN')).not.toBe('值无效');
  });

  it('every engine refusal code has Chinese text', () => {
    const codes: [string, Record<string, number>][] = [
      ['sim_tp_above_rollout_gpus', { tp: 8, rolloutGpus: 4, fitTp: 2 }],
      ['sim_no_train_gpus', {}],
      ['sim_failures_too_frequent', {}],
      ['sim_partial_too_many', { cap: 9_000_000, spans: 40 }],
      ['sim_pilot_gpus_below_tp', { gpus: 1, tp: 2 }],
      ['sim_pilot_separate_one_gpu', { gpus: 1 }],
      ['sim_pilot_no_measurements', {}],
      ['sim_pilot_too_few', { n: 2, q: 3, need: 4 }],
    ];
    for (const [code, params] of codes) {
      const zh = issueText({ path: 'x', message: 'English', code, params }, 'zh-CN');
      expect(zh, code).not.toBe('值无效');
      expect(terms(zh), code).not.toMatch(LATIN_WORD);
    }
  });
});

describe('the service keeps the code and numbers of a refusal', () => {
  it('sim.calibrate: a pilot that does not fit answers with the code and the degree that fits', async () => {
    const { dispatch } = await import('../service/dispatch');
    const { createInlineRunner } = await import('../service/tasks/runner');
    const rows = Array.from({ length: 6 }, (_, i) => ({ stepSeconds: 300 + i, trainSeconds: 100 }));
    const out = await dispatch(
      'sim.calibrate',
      { pilot: { model: { paramsB: 32 }, rollout: { maxContextTokens: 65_536 } }, rows, target: {} },
      { host: 'test', tasks: createInlineRunner(), checkResponse: true },
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.issues?.[0]).toMatchObject({ path: 'pilot.cluster.tensorParallel', code: 'sim_model_does_not_fit', params: { fitTp: 2 } });
  });
});
