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

  it('words each finding as the room does, with the verdict’s own thresholds (FRAGILITY), in both languages', () => {
    const acc = `${FRAGILITY.minAcceptability * 100}%`;
    const change = (FRAGILITY.minWeightChange * 100).toFixed(1);
    const margin = (FRAGILITY.minMargin * 100).toFixed(1);
    const en = lines('en');
    expect(en).toContain(`It ranks first in only 31% of the simulations (below ${acc}).`);
    expect(en.some((l) => l.startsWith('Changing the weight of ') && l.endsWith(`(under ${change} pp).`))).toBe(true);
    expect(en).toContain(`It leads the runner-up by 0.4 points of 100 (under ${margin}).`);
    expect(en).toContain('Its total rests on scores covering only 80% of the weight.');
    expect(en[0]).toMatch(/leads, but the lead is fragile\.$/);
    const zh = lines('zh-CN');
    expect(zh).toContain(`只在 31% 的模拟中排名第一（低于 ${acc}）。`);
    expect(zh).toContain(`领先第二名 0.4 分（满分 100，不足 ${margin} 分）。`);
    expect(zh.join('\n')).not.toMatch(/ranks first|percentage points|runner-up/);
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
