import { describe, expect, it } from 'vitest';
import type { WorkshopAnalysisResult } from '../../shared/contract/analysis';
import { createSampleWorkshop, scoreKey, type WorkshopDoc } from '../../shared/model';
import { analysisSubject } from '../../shared/model/analysis-subject';
import { WorkshopDocSchema } from '../../shared/model/schema';
import { largeWorkshop } from '../../test/fixtures/largeWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { dispatch } from './dispatch';
import { createInlineRunner } from './tasks/runner';

const inline = createInlineRunner();
const call = (payload: unknown, signal?: AbortSignal, onProgress?: (p: { done: number }) => void) =>
  dispatch('workshop.analyse', payload, { host: 'test', tasks: inline, checkResponse: true, signal, onProgress });

const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');

async function analyse(payload: unknown): Promise<WorkshopAnalysisResult> {
  const res = await call(payload);
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.result as WorkshopAnalysisResult;
}

describe('workshop.analyse', () => {
  it('is the report’s analysis of the document, plus thresholds and TOPSIS agreement', async () => {
    const res = await analyse({ workshop: doc });
    const report = analyseWorkshop(doc);
    expect(res.verdict).toEqual(report.verdict);
    expect(res.sensitivity).toEqual(report.sensitivity);
    expect(res.smaa?.rankAcceptability).toEqual(report.smaa?.rankAcceptability);
    expect(res.evaluation?.ranking).toEqual(report.evaluation?.ranking);
    expect(res.thresholds.minAcceptability).toBe(0.5);
    expect(res.topsis).not.toBeNull();
    expect(res.topsis!.agrees).toBe(res.topsis!.ranking[0] === res.evaluation!.ranking[0]);
  });

  it('what-if weights and score overrides give the analysis of the what-if document', async () => {
    const [k0] = doc.criteria;
    const weights = Object.fromEntries(doc.criteria.map((c) => [c.id, c.id === k0.id ? 80 : 2.5]));
    const overrides: Record<string, number> = {};
    for (const p of doc.participants) overrides[scoreKey(p.id, doc.candidates[1].id, k0.id)] = 10;
    const res = await analyse({ workshop: doc, weights, scoreOverrides: overrides });
    const whatIf: WorkshopDoc = {
      ...doc,
      criteria: doc.criteria.map((c) => ({ ...c, weight: weights[c.id] })),
      scores: doc.scores.map((s) => (s.candidateId === doc.candidates[1].id && s.criterionId === k0.id ? { ...s, value: 10 } : s)),
    };
    const expected = analyseWorkshop(whatIf);
    expect(res.evaluation?.totals).toEqual(expected.evaluation?.totals);
    expect(res.weights[0]).toBeCloseTo(0.8, 12);
    expect(res.evaluation?.ranking[0]).toBe(1);
    expect(res.verdict).toEqual(expected.verdict);
  });

  it('reports progress; a cancelled job answers `cancelled`', async () => {
    const seen: number[] = [];
    const res = await call({ workshop: doc }, undefined, (p) => seen.push(p.done));
    expect(res.ok).toBe(true);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    const ac = new AbortController();
    ac.abort();
    const cancelled = await call({ workshop: doc }, ac.signal);
    expect(cancelled.ok).toBe(false);
    if (!cancelled.ok) expect(cancelled.error.code).toBe('cancelled');
  });

  it('refuses a broken document with the path of the problem, and negative weights', async () => {
    const bad = await call({ workshop: { ...doc, scale: { min: 5, max: 1 } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('invalid_document');
      expect(bad.error.issues?.[0].path).toMatch(/scale/);
    }
    const neg = await call({ workshop: doc, weights: { [doc.criteria[0].id]: -1 } });
    expect(neg.ok).toBe(false);
    if (!neg.ok) expect(neg.error.code).toBe('invalid_request');
  });

  it('the slim subject the room sends is a valid document with the same analysis, and much smaller', async () => {
    const full = largeWorkshop(8, 4, 12);
    const slim = analysisSubject(full);
    expect(WorkshopDocSchema.safeParse(slim).success).toBe(true);
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(full).length / 2);
    const [a, b] = await Promise.all([analyse({ workshop: full }), analyse({ workshop: slim })]);
    expect(b).toEqual(a);
  });

  it('no scores: no verdict and no TOPSIS, but an answer', async () => {
    const res = await analyse({ workshop: { ...doc, scores: [] } });
    expect(res.scored).toBe(false);
    expect(res.verdict).toBeNull();
    expect(res.topsis).toBeNull();
  });
});
