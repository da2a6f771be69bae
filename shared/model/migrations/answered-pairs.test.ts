import { describe, expect, it } from 'vitest';
import { answeredPairCount, hasJudgments, judgmentMatrix, pairsTracked } from '../edits/ahp-edit';
import { migrate } from '../migrate';
import { ahpGroupRequest } from '../provenance';
import { answeredPairs } from './answered-pairs';
import { MIGRATIONS } from './index';
import { migrated, sampleAt } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(answeredPairs) + 1;

/** A document as the previous schema wrote it: every AHP pair stored, 1 for those nobody judged; no aggregation choice. */
function olderDocument() {
  const doc: Record<string, unknown> = sampleAt(FROM, 'en', 'w-old', NOW);
  const ids = (doc.criteria as { id: string }[]).map((c) => c.id);
  const participants = (doc.participants as { id: string }[]).map((p) => p.id);
  const full = ids.map((_, i) => ids.map((__, j) => (i === 0 && j === 2 ? 5 : i === 2 && j === 0 ? 1 / 5 : 1)));
  const weighting = doc.weighting as Record<string, unknown>;
  delete weighting.ahpAggregation;
  weighting.ahp = [
    { participantId: participants[0], criteria: ids, matrix: full },
    // Judgments made for fewer criteria (a dimension added since).
    {
      participantId: participants[1],
      criteria: ids.slice(0, 3),
      matrix: [
        [1, 2, 1],
        [1 / 2, 1, 1],
        [1, 1, 1],
      ],
    },
  ];
  return { doc, ids, participants, full };
}

describe('migration: answered pairs', () => {
  it('is in the chain', () => {
    expect(FROM).toBeGreaterThan(0);
  });

  it('keeps every older judgment as it was, counts all its pairs as answered, and marks it as recorded before tracking', () => {
    const { doc: old, ids, participants, full } = olderDocument();
    const r = migrated(old);
    const doc = r.doc;
    expect(r.from).toBe(FROM);
    const [a, b] = doc.weighting.ahp;
    expect(a).toEqual({ participantId: participants[0], criteria: ids, matrix: full, pairsTracked: false });
    expect(b.pairsTracked).toBe(false);
    expect(b.matrix).toEqual([
      [1, 2, 1],
      [1 / 2, 1, 1],
      [1, 1, 1],
    ]);
    expect(pairsTracked(doc, participants[0])).toBe(false);
    const n = ids.length;
    expect(answeredPairCount(judgmentMatrix(doc, participants[0]))).toBe((n * (n - 1)) / 2);
    // The pairs of a dimension added after the judgments were never answered.
    expect(answeredPairCount(judgmentMatrix(doc, participants[1]))).toBe(3);
    expect(judgmentMatrix(doc, participants[1])[0][5]).toBeNull();
    expect(hasJudgments(doc, participants[0])).toBe(true);
    expect(doc.weighting.ahpAggregation).toBe('aij');
    // The group request sends the older matrix whole: the same weights as before the migration.
    const req = ahpGroupRequest(doc, 'en')!.request;
    expect(req.matrices[0]).toEqual(full);
  });

  it('leaves a document without judgments (or with an odd weighting) to the schema', () => {
    const plain = { schemaVersion: FROM, weighting: 'x' };
    expect(answeredPairs.up(plain)).toBe(plain);
    const { doc } = olderDocument();
    (doc.weighting as Record<string, unknown>).ahp = [];
    const r = migrate(doc);
    expect(r.ok && r.doc.weighting.ahp).toEqual([]);
  });
});
