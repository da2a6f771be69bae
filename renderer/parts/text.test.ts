import { describe, expect, it } from 'vitest';
import { ASSUMPTION_LABELS, createSampleWorkshop, fillText, setWeightPoints, updateDecision } from '../../shared/model';
import { criterionName, decisionChangeLines, formatDelta, parseDraft } from './text';

describe('parseDraft (what a number field accepts)', () => {
  it('reads plain, decimal-comma and thousands-separated numbers', () => {
    expect(parseDraft('40')).toBe(40);
    expect(parseDraft(' 2.5 ')).toBe(2.5);
    expect(parseDraft('2,5')).toBe(2.5);
    expect(parseDraft('1,000,000')).toBe(1_000_000);
    expect(parseDraft('1 000')).toBe(1000);
    expect(parseDraft('-3')).toBe(-3);
    expect(parseDraft('1e3')).toBe(1000);
  });
  it('empty is null, anything else is invalid', () => {
    expect(parseDraft('')).toBeNull();
    expect(parseDraft('   ')).toBeNull();
    expect(parseDraft('forty')).toBe('invalid');
    expect(parseDraft('12x')).toBe('invalid');
    expect(parseDraft('0x10')).toBe('invalid');
    expect(parseDraft('1.2.3')).toBe('invalid');
    expect(parseDraft('Infinity')).toBe('invalid');
  });
});

describe('formatDelta', () => {
  it('signs weight changes with a real minus', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-3)).toBe('−3');
    expect(formatDelta(0)).toBe('±0');
  });
});

describe('what changed since the decision, in the reader’s words', () => {
  const NOW = '2026-03-01T09:00:00.000Z';
  const decided = (lang: 'en' | 'zh-CN') => updateDecision(createSampleWorkshop(lang, NOW, 'w1'), { candidateId: 'managed' }, NOW);

  it('nothing before a decision, no line right after it', () => {
    expect(decisionChangeLines(createSampleWorkshop('en', NOW, 'w1'), 'en')).toBeNull();
    expect(decisionChangeLines(decided('en'), 'en')).toEqual([]);
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: a weight changed after the decision is one line naming the criterion, before and after`, () => {
      const doc = decided(lang);
      const k = doc.criteria[0];
      const lines = decisionChangeLines(setWeightPoints(doc, k.id, k.weight + 7), lang)!;
      const weightLine = lines.find((l) => l.includes(criterionName(doc, k.id, lang)!));
      expect(weightLine).toBe(
        fillText(ASSUMPTION_LABELS[lang].weight, {
          criterion: criterionName(doc, k.id, lang)!,
          before: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(k.weight),
          after: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(k.weight + 7),
        }),
      );
    });
  }
});
