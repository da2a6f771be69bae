import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { confirmDecision, updateDecision } from '../edits';
import { decisionToConfirm } from '../provenance';
import { reviewDecision } from '../assumptions';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../version';
import { MIGRATIONS } from './index';
import { decisionSnapshot } from './decision-snapshot';

const NOW = '2026-01-01T00:00:00.000Z';

/** A document of the version before this migration (v10 when it was written), with a decision recorded then: no snapshot, no review. */
function older() {
  const doc = structuredClone(
    updateDecision(createSampleWorkshop('en', NOW, 'w1'), { candidateId: 'managed', decidedAt: '2026-01-02' }, NOW),
  ) as unknown as Record<string, unknown> & { decision: Record<string, unknown> };
  delete doc.decision.snapshot;
  delete doc.review;
  doc.schemaVersion = SCHEMA_VERSION - (MIGRATIONS.length - MIGRATIONS.indexOf(decisionSnapshot));
  return doc;
}

describe('migration: decision snapshot', () => {
  it('opens an older decision with no snapshot and an empty review, the rest of the record kept', () => {
    const res = migrate(older());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.from).toBe(older().schemaVersion);
    expect(res.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(res.doc.decision).toMatchObject({ candidateId: 'managed', decidedAt: '2026-01-02', snapshot: null });
    expect(res.doc.decision.basis).toBe(older().decision.basis);
    expect(res.doc.review).toEqual({ canary: [], imports: [], tolerance: 0.1 });
  });

  it('fills step 7’s empty next review from the decision’s review date, and keeps one the team set', () => {
    const withDate = () => {
      const doc = older();
      doc.decision.reviewDate = '2026-06-01';
      (doc.iteration as Record<string, unknown>).nextReview = '';
      return doc;
    };
    const res = migrate(withDate());
    expect(res.ok && res.doc.iteration.nextReview).toBe('2026-06-01');
    const own = withDate();
    (own.iteration as Record<string, unknown>).nextReview = '2026-05-15';
    const kept = migrate(own);
    expect(kept.ok && kept.doc.iteration.nextReview).toBe('2026-05-15');
  });

  it('leaves a decision of an unexpected shape for the schema to report', () => {
    const broken = { ...older(), decision: 'broken' };
    expect(decisionSnapshot.up(broken).decision).toBe('broken');
    const res = migrate(broken);
    expect(res.ok).toBe(false);
  });

  it('an older decision opens with the way to a snapshot: the record offers to confirm it, and confirming takes one', () => {
    const res = migrate(older());
    if (!res.ok) throw new Error('not migrated');
    const doc = res.doc;
    // Not stale (the analysis is the one decided on), yet the record asks for a confirmation, for the snapshot.
    expect(decisionToConfirm(doc)).toBe('no-snapshot');
    const confirmed = confirmDecision(doc, NOW);
    expect(confirmed.decision.snapshot).toMatchObject({ candidateId: 'managed', at: NOW });
    expect(decisionToConfirm(confirmed)).toBeNull();
    // Then the board has the snapshot's assumptions to hold the canary against.
    expect(reviewDecision(confirmed).assumptions.length).toBeGreaterThan(0);
    // No decision: nothing to confirm; a changed analysis: stale first.
    expect(decisionToConfirm({ ...doc, decision: { ...doc.decision, candidateId: null } })).toBeNull();
    expect(decisionToConfirm({ ...doc, decision: { ...doc.decision, basis: 'other' } })).toBe('stale');
  });
});
