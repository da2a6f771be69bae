import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../schema';
import { leafRationale } from './leaf-rationale';
import { roundChangeLeaves } from './round-change-leaves';
import { MIGRATIONS } from './index';
import { migrated, sampleAt, type RawDoc } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(roundChangeLeaves) + 1;

/** A version-FROM document with one closed round of two changes (no `leaves` field). */
function olderDoc(): RawDoc {
  const old = sampleAt(FROM, 'en', 'w-old', NOW);
  const cell = { candidateId: old.candidates[0].id, criterionId: old.criteria[0].id };
  old.rounds = [
    {
      no: 1,
      roundId: 'r-1',
      kind: 'scores',
      openedAt: NOW,
      closedAt: NOW,
      participants: [old.participants[0].id, old.participants[1].id],
      cells: [cell],
      revote: { fromPrevious: false, showPrevious: false, onlyCells: false },
      changes: [
        { participantId: old.participants[0].id, ...cell, from: null, to: 6, rationale: 'first look' },
        { participantId: old.participants[1].id, ...cell, from: 8, to: 7, rationale: '' },
      ],
      before: [],
      after: [{ ...cell, median: 6.5, spread: 0.5, n: 2 }],
      disagreement: 0.1,
    },
  ];
  return old;
}

describe('migration: focus points of a round change', () => {
  it('follows the focus point rationale step and is in the chain', () => {
    expect(MIGRATIONS[FROM - 2]).toBe(leafRationale);
    expect(MIGRATIONS).toContain(roundChangeLeaves);
  });

  it('gives every change of an older round an empty list of focus points and keeps the rest', () => {
    const old = olderDoc();
    const before = structuredClone(old);
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    const [round] = old.rounds as Array<{ changes: object[] }>;
    expect(r.doc.rounds[0].changes).toEqual(round.changes.map((c) => ({ ...c, leaves: [] })));
    expect(r.doc.rounds[0]).toMatchObject({ no: 1, closedAt: NOW, disagreement: 0.1, after: (round as unknown as { after: object[] }).after });
    // Pure: the input is not touched.
    expect(old).toEqual(before);
  });

  it('keeps a document without rounds as it was', () => {
    const old = sampleAt(FROM, 'zh-CN', 'w-flat', NOW);
    const r = migrated(old);
    expect(r.doc.rounds).toEqual([]);
  });

  it('refuses a focus point change without its focus point, or more focus points than a dimension has', () => {
    const doc = olderDoc();
    doc.schemaVersion = SCHEMA_VERSION;
    const change = (doc.rounds as Array<{ changes: Array<Record<string, unknown>> }>)[0].changes[0];
    change.leaves = [{ from: 1, to: 2, rationale: '' }];
    expect(migrate(doc).ok).toBe(false);
    change.leaves = Array.from({ length: 51 }, (_, i) => ({ leafId: `fp-${i}`, from: 1, to: 2, rationale: '' }));
    expect(migrate(doc).ok).toBe(false);
    change.leaves = [{ leafId: 'fp-1', from: 1, to: 2, rationale: 'x' }];
    expect(migrate(doc).ok).toBe(true);
  });
});
