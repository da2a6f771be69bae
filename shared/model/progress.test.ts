import { describe, expect, it } from 'vitest';
import { NEEDS_GROUPS } from '../framework/needs';
import { createSampleWorkshop, createWorkshop } from './create';
import { expandCriterion, setLeafScore, setScoreAt } from './edits/hierarchy-edit';
import {
  addIterationEntry,
  decideProposal,
  setAnswer,
  setNextReview,
  setRolloutPlan,
  updateChecklistItem,
  updateDecision,
  updateValidationItem,
} from './edits';
import { answeredQuestions, stepProgress } from './progress';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = () => createWorkshop({ title: 'P', lang: 'en', id: 'w1', now: NOW });

describe('answeredQuestions', () => {
  it('counts a question once it has a value: cleared text and an empty choice of several are unanswered', () => {
    const total = NEEDS_GROUPS.reduce((n, g) => n + g.questions.length, 0);
    expect(answeredQuestions(fresh())).toEqual({ answered: 0, total });
    const doc = setAnswer(setAnswer(fresh(), 'taskType', 'code'), 'growthStage', 'rapid-growth');
    expect(answeredQuestions(doc)).toEqual({ answered: 2, total });
    const emptied = { ...doc, needs: { ...doc.needs, answers: { ...doc.needs.answers, growthStage: '', taskType: [] } } };
    expect(answeredQuestions(emptied)).toEqual({ answered: 0, total });
    // Step 1's bar and the path's progress count the same answers.
    expect(stepProgress(doc).needs).toBeCloseTo(answeredQuestions(doc).answered / total);
  });
});

describe('stepProgress', () => {
  it('a fresh workshop has done nothing but screening’s candidates and criteria', () => {
    const p = stepProgress(fresh());
    expect(p).toMatchObject({ needs: 0, validation: 0, metrics: 0, evaluation: 0, canary: 0, iteration: 0 });
    expect(p.screening).toBeCloseTo(2 / 3);
  });
  it('needs count answered questions; screening completes when every proposal is decided', () => {
    let doc = setAnswer(setAnswer(fresh(), 'taskType', 'code'), 'growthStage', 'rapid-growth');
    // Two answered of every question in the questionnaire's groups.
    expect(stepProgress(doc).needs).toBeCloseTo(2 / NEEDS_GROUPS.reduce((n, g) => n + g.questions.length, 0));
    expect(stepProgress(doc).screening).toBeCloseTo(2 / 3);
    doc = decideProposal(doc, 'code-tasks', 'accepted', NOW);
    expect(stepProgress(doc).screening).toBeCloseTo((2 + 0.5) / 3);
    doc = decideProposal(doc, 'growth-stage', 'rejected', NOW);
    expect(stepProgress(doc).screening).toBe(1);
  });
  it('validation and checklist items count fully when done and half in progress', () => {
    let doc = updateValidationItem(fresh(), 'managed.benchmark', { status: 'done' });
    doc = updateValidationItem(doc, 'managed.throughput-stress', { status: 'in-progress' });
    doc = updateValidationItem(doc, 'managed.mismatch-experiment', { status: 'blocked' });
    expect(stepProgress(doc).validation).toBeCloseTo(1.5 / 15);
    doc = updateChecklistItem(doc, 'monitoring', { status: 'done' });
    expect(stepProgress(doc).canary).toBeCloseTo(((1 / 6) * 2) / 4);
    doc = setRolloutPlan(doc, { scope: '5 %', goNoGo: 'no regressions' });
    expect(stepProgress(doc).canary).toBeCloseTo(((1 / 6) * 2 + 2) / 4);
  });
  it('evaluation counts the scores in force: a dimension scored at its focus points by its derived values', () => {
    const K = 'mismatch-control';
    const base = createSampleWorkshop('en', NOW, 'w-p');
    const cells = base.participants.length * base.candidates.length * base.criteria.length;
    const entered = base.scores.filter((s) => s.value !== null);
    const unused = entered.filter((s) => s.criterionId === K).length;
    expect(unused).toBeGreaterThan(0);
    let doc = setScoreAt(expandCriterion(base, K), K, 'leaves');
    // Its dimension scores no longer count; nothing is scored at its focus points yet.
    expect(stepProgress(doc).evaluation).toBeCloseTo((entered.length - unused) / cells, 12);
    const leaf = doc.hierarchy[0].leaves[0].id;
    doc = setLeafScore(doc, { participantId: base.participants[0].id, candidateId: base.candidates[0].id, criterionId: K, leafId: leaf }, 7);
    expect(stepProgress(doc).evaluation).toBeCloseTo((entered.length - unused + 1) / cells, 12);
  });
  it('iteration needs a chosen candidate with a rationale, a review and the next review date', () => {
    let doc = updateDecision(fresh(), { candidateId: 'hybrid' });
    expect(stepProgress(doc).iteration).toBe(0.25);
    doc = updateDecision(doc, { rationale: 'fit' });
    doc = addIterationEntry(doc, { id: 'r1', date: '2026-05-01' });
    doc = setNextReview(doc, '2026-06-01');
    expect(stepProgress(doc).iteration).toBe(1);
  });
});
