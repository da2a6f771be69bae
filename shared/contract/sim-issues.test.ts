import { describe, expect, it } from 'vitest';
import { issuesFromZod } from './errors';
import { issueText } from '../i18n/issues';
import { SimScenarioSchema } from '../cost/schema';
import { engineFit, fittingTensorParallel } from '../cost/shape';

const LATIN_WORD = /[A-Za-z]{2,}/;
/** Terms the Chinese UI keeps as they are (the simulator's zh labels use them too). */
const terms = (s: string) => s.replace(/GPU|[Rr]ollout|KV/g, '');

describe('scenario rules in the reader language', () => {
  it('refuses partial rollout in sync mode, and says why in both languages', () => {
    const sync = SimScenarioSchema.safeParse({ system: { mode: 'sync', partialRollout: true } });
    expect(sync.success).toBe(false);
    const issues = issuesFromZod(sync.error!);
    expect(issues.map((i) => i.path)).toEqual(['system.partialRollout']);
    expect(issues[0].message).toMatch(/async/);
    const zh = issueText(issues[0], 'zh-CN');
    expect(zh).not.toBe('值无效');
    expect(terms(zh)).not.toMatch(LATIN_WORD);
    expect(SimScenarioSchema.safeParse({ system: { mode: 'async', partialRollout: true } }).success).toBe(true);
    expect(SimScenarioSchema.safeParse({ system: { mode: 'sync', partialRollout: false } }).success).toBe(true);
  });

  it('words every cross-field rule of the scenario in Chinese', () => {
    const broken = [
      { cluster: { gpus: 4, tensorParallel: 8 } },
      { cluster: { gpus: 8, colocated: false, rolloutGpus: 4, trainGpus: 5 } },
      { cluster: { gpus: 8, colocated: false, rolloutGpus: 8 } },
      { cluster: { gpus: 1, colocated: false } },
      { cost: { hybridOwnedGpus: 1000 } },
      { steps: 1_000_000, promptsPerStep: 1000 },
      { model: { paramsB: 7, activeParamsB: 8 } },
      { rollout: { promptTokens: 40_000, maxContextTokens: 32_768 } },
    ];
    for (const s of broken) {
      const r = SimScenarioSchema.safeParse(s);
      expect(r.success, JSON.stringify(s)).toBe(false);
      for (const i of issuesFromZod(r.error!)) {
        const zh = issueText(i, 'zh-CN');
        expect(zh, i.message).not.toBe('值无效');
        expect(terms(zh), i.message).not.toMatch(LATIN_WORD);
      }
    }
  });
});

describe('a tensor-parallel degree that fits', () => {
  it('matches the hand calculation for 32B in bf16 on H100 (80 GB × 0.9)', () => {
    // 32B: d = 7040, 55 layers, 8 KV heads × 128 → 2·55·8·128·2 = 225,280 B per token.
    // Weights 64 GB; a 65,536-token window adds 14.76 GB: 78.8 GB > 72 GB on one GPU, ≤ 144 GB on two.
    const s = SimScenarioSchema.parse({ model: { paramsB: 32 }, rollout: { maxContextTokens: 65_536 } });
    const one = engineFit(s, 1);
    expect(one.weightGB).toBeCloseTo(64, 6);
    expect(one.needGB).toBeCloseTo(64 + (225_280 * 65_536) / 1e9, 6);
    expect(one.fits).toBe(false);
    expect(engineFit(s, 2).fits).toBe(true);
    expect(fittingTensorParallel(s)).toBe(2);
    // 32K window: 64 + 7.38 = 71.4 GB fits on one GPU.
    expect(fittingTensorParallel(SimScenarioSchema.parse({ model: { paramsB: 32 } }))).toBe(1);
    // 70B on 2 GPUs: 140 GB of weights need 4 × 72 GB; two GPUs hold no engine.
    expect(fittingTensorParallel(SimScenarioSchema.parse({ model: { paramsB: 70 }, cluster: { gpus: 2 } }))).toBeNull();
  });
});
