import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from './create';
import { confirmDecision, renameCandidate, setScore, setWeightPoints, updateDecision } from './edits';
import { migrate } from './migrate';
import { decisionStatus } from './provenance';
import { WorkshopDocSchema } from './schema';

const NOW = '2026-03-01T09:00:00.000Z';

describe('the recorded decision is marked stale when the analysis it rested on changes', () => {
  const base = createSampleWorkshop('en', NOW, 'w1');
  const decided = updateDecision(base, { candidateId: 'managed', decidedAt: '2026-03-02' });

  it('records the basis with the choice; scores or weights changed since make it stale; names do not', () => {
    expect(decisionStatus(base)).toBeNull();
    expect(decisionStatus(decided)).toEqual({ stale: false });
    expect(WorkshopDocSchema.safeParse(decided).success).toBe(true);
    const p = decided.participants[0].id;
    const scored = setScore(decided, p, 'managed', decided.criteria[0].id, 1);
    expect(decisionStatus(scored)).toEqual({ stale: true });
    expect(decisionStatus(setWeightPoints(decided, decided.criteria[0].id, 40))).toEqual({ stale: true });
    expect(decisionStatus(renameCandidate(decided, 'managed', 'Cloud platform'))).toEqual({ stale: false });
    // Editing the rationale keeps the basis; confirming on the current analysis clears the mark (one edit).
    expect(decisionStatus(updateDecision(scored, { rationale: 'cheapest to run' }))).toEqual({ stale: true });
    const confirmed = confirmDecision(scored);
    expect(decisionStatus(confirmed)).toEqual({ stale: false });
    expect(confirmDecision(confirmed)).toBe(confirmed);
    // Choosing another candidate records the analysis anew.
    expect(decisionStatus(updateDecision(scored, { candidateId: 'hybrid' }))).toEqual({ stale: false });
  });

  it('an older file (no basis recorded) migrates valid, its decision not marked stale until confirmed', () => {
    const old = JSON.parse(JSON.stringify(decided)) as { decision: Record<string, unknown>; metrics: Record<string, unknown>; schemaVersion: number };
    delete old.decision.basis;
    delete old.metrics.written;
    old.schemaVersion -= 1;
    const res = migrate(old);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.doc.decision).toMatchObject({ candidateId: 'managed', decidedAt: '2026-03-02', basis: '' });
    const p = res.doc.participants[0].id;
    expect(decisionStatus(setScore(res.doc, p, 'managed', res.doc.criteria[0].id, 1))).toEqual({ stale: false });
  });
});
