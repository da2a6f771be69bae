import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop, FRAGILITY, type WorkshopAnalysis } from '../analysis/analysis';
import { buildContent } from './content';
import { verdictLines } from './verdict';
import { expectedRobustness } from '../../test/fixtures/reportFigures';

describe('verdict lines', () => {
  const doc = fullWorkshop();
  const base = analyseWorkshop(doc);
  // Every reason at once, so each sentence is rendered.
  const fragile: WorkshopAnalysis = {
    ...base,
    verdict: {
      fragile: true,
      reasons: [
        { kind: 'low-acceptability', acceptability: 0.31 },
        { kind: 'small-weight-change', criterion: 0, change: 0.012, winner: 1 },
        { kind: 'narrow-margin', margin: 0.004 },
        { kind: 'incomplete-scores', coverage: 0.8 },
      ],
    },
  };
  const lines = (lang: 'en' | 'zh-CN') => verdictLines(buildContent(doc, fragile, lang));

  it('words each threshold from the verdict’s own thresholds (FRAGILITY), in both languages', () => {
    const acc = `${FRAGILITY.minAcceptability * 100}%`;
    const change = String(FRAGILITY.minWeightChange * 100);
    const margin = String(FRAGILITY.minMargin * 100);
    const en = lines('en');
    expect(en).toContain(`Ranks first in fewer than ${acc} of the simulations (31.0%).`);
    expect(en).toContain(`A change of less than ${change} percentage points in one weight changes the winner.`);
    expect(en).toContain(`Leads the runner-up by less than ${margin} points out of 100.`);
    const zh = lines('zh-CN');
    expect(zh).toContain(`在不足 ${acc} 的模拟中排名第一（31.0%）。`);
    expect(zh).toContain(`单个维度权重变化不到 ${change} 个百分点即会改变第一名。`);
    expect(zh).toContain(`领先第二名不到 ${margin} 分（满分 100）。`);
    expect(zh.join('\n')).not.toMatch(/Ranks first|percentage points|runner-up/);
  });

  it('gives the winner’s first-rank acceptability with its Monte Carlo standard error, in both languages', () => {
    for (const [lang, label] of [
      ['en', (name: string) => `First-rank acceptability (${name}): `],
      ['zh-CN', (name: string) => `第一名可接受度（${name}）：`],
    ] as const) {
      const winner = expectedRobustness(doc, lang).firstRank[0];
      expect(lines(lang)).toContain(`${label(winner.name)}${winner.text}`);
    }
  });
});
