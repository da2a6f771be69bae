import { describe, expect, it } from 'vitest';
import { ahpGroup } from '../../electron/engine/ahp';
import { createSampleWorkshop } from '../../shared/model/create';
import { mergeBallot } from '../../shared/model/edits/ballot';
import { judgmentMatrix, judgmentPairs } from '../../shared/model/edits/ahp-edit';
import { removeCriterion } from '../../shared/model/edits/criteria';
import { ahpGroupRequest, ahpUncounted } from '../../shared/model/provenance';

/**
 * The reproduction, through the document: true weights (.5, .25, .15, .1), the pairs
 * 1–4 and 2–3 skipped in a room-vote ballot. Stored as "not answered", the group request gives
 * the engine nulls and Harker's method returns the true weights; the old fill-with-1 gave
 * .385/.247/.188/.181 and CR .138.
 */
describe('AHP judgments from the document', () => {
  const base = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');
  let doc = base;
  for (const c of base.criteria.slice(4)) doc = removeCriterion(doc, c.id);
  const ids = doc.criteria.map((c) => c.id);
  const truth = [0.5, 0.25, 0.15, 0.1];
  const round = { criteria: ids, candidates: doc.candidates.map((c) => c.id) };

  it('skipped pairs reach the engine as missing: a consistent judge gets exactly the true weights', () => {
    const pairs = judgmentPairs(4)
      .filter(([i, j]) => !(i === 0 && j === 3) && !(i === 1 && j === 2))
      .map(([i, j]) => ({ a: ids[i], b: ids[j], value: truth[i] / truth[j] }));
    const voted = mergeBallot(doc, doc.participants[0].id, round, { cells: [], cleared: [], ahp: pairs });
    const req = ahpGroupRequest(voted, 'en')!.request;
    expect(req.matrices).toHaveLength(1);
    expect(req.matrices[0][0][3]).toBeNull();
    expect(req.matrices[0][1][2]).toBeNull();
    const res = ahpGroup(req.matrices, req.participantWeights, req.aggregation, { labels: req.labels });
    res.weights.forEach((w, i) => expect(w).toBeCloseTo(truth[i], 9));
    expect(res.cr).toBeCloseTo(0, 9);
    expect(res.missingPairs).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('with too few pairs the judge does not count, and the engine names the criterion not yet connected', () => {
    const pid = doc.participants[0].id;
    const voted = mergeBallot(doc, pid, round, { cells: [], cleared: [], ahp: [{ a: ids[0], b: ids[1], value: 2 }] });
    expect(ahpGroupRequest(voted, 'en')).toBeNull();
    expect(ahpUncounted(voted)).toEqual([pid]);
    const labels = voted.criteria.map((c) => c.name.default!['en']);
    expect(() => ahpGroup([judgmentMatrix(voted, pid)], [1], 'aij', { labels })).toThrow(labels[2]);
  });

  it('follows the team’s AIJ/AIP choice', () => {
    const pairs = judgmentPairs(4).map(([i, j]) => ({ a: ids[i], b: ids[j], value: truth[i] / truth[j] }));
    const voted = mergeBallot(doc, doc.participants[0].id, round, { cells: [], cleared: [], ahp: pairs });
    const aip = { ...voted, weighting: { ...voted.weighting, ahpAggregation: 'aip' as const } };
    expect(ahpGroupRequest(aip, 'en')!.request.aggregation).toBe('aip');
  });
});
