import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../version';
import { MIGRATIONS } from './index';
import { pairwiseRatings } from './pairwise-ratings';

/** A document of the version before this migration, built by hand from a current one. */
function older() {
  const doc = structuredClone(createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1')) as unknown as Record<string, unknown>;
  delete doc.ratings;
  doc.schemaVersion = SCHEMA_VERSION - (MIGRATIONS.length - MIGRATIONS.indexOf(pairwiseRatings));
  return doc;
}

describe('migration: pairwise-ratings', () => {
  it('an older document gets no ratings (every score was typed), is valid and keeps every score', () => {
    const doc = older();
    expect((doc.scores as unknown[]).length).toBeGreaterThan(0);
    const res = migrate(doc);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(res.doc.ratings).toEqual([]);
    expect(res.doc.scores).toEqual(doc.scores);
    expect(res.doc.weighting).toEqual(doc.weighting);
  });

  it('keeps ratings already present', () => {
    const ratings = [{ participantId: 'p', criterionId: 'c', candidates: [], matrix: [], written: {} }];
    expect(pairwiseRatings.up({ ...older(), ratings }).ratings).toBe(ratings);
  });
});
