import { describe, expect, it } from 'vitest';
import { createWorkshop } from './create';
import { setAnswer } from './edits';
import { proposals } from './adaptation';
import { openRuleQuestions } from './rule-questions';

const fresh = () => createWorkshop({ title: 'Rules', lang: 'en', id: 'w1', now: '2026-03-01T09:00:00.000Z' });

describe('openRuleQuestions', () => {
  it('lists each question a rule reads once while it has no answer', () => {
    const doc = fresh();
    const read = [...new Set(doc.adaptation.rules.flatMap((r) => r.when.map((c) => c.question)))];
    expect(openRuleQuestions(doc)).toEqual(read);
    expect(openRuleQuestions(setAnswer(doc, 'growthStage', 'stable'))).toEqual(read.filter((q) => q !== 'growthStage'));
  });
  it('is empty once every question the rules read is answered, whether or not a rule applies', () => {
    const none = Object.entries({
      growthStage: 'stable',
      rlExperience: 'solid',
      taskType: 'dialogue',
      costSensitivity: 'low',
      onlineLearning: false,
      complianceSensitive: false,
      rolloutSteps: 10,
      monitoringMaturity: 'mature',
    }).reduce((d, [q, a]) => setAnswer(d, q, a), fresh());
    expect(openRuleQuestions(none)).toEqual([]);
    expect(proposals(none)).toEqual([]);
    // An answer the rules do not read changes nothing.
    expect(openRuleQuestions(setAnswer(none, 'kpis', 'x'))).toEqual([]);
  });
});
