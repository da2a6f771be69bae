import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { migrate } from '../migrate';
import { SCHEMA_VERSION } from '../schema';
import { MIGRATIONS } from './index';
import { roundHistory } from './round-history';
import { criteriaHierarchy } from './criteria-hierarchy';
import { migrated, sampleAt } from '../../../test/fixtures/migrationStep';

const NOW = '2026-03-01T09:00:00.000Z';
/** The schema version this step reads. */
const FROM = MIGRATIONS.indexOf(roundHistory) + 1;

describe('migration: round history', () => {
  it('is the step before the criteria hierarchy', () => {
    // The next step (index FROM) is the criteria hierarchy's, wherever the chain goes on from there.
    expect(MIGRATIONS[FROM]).toBe(criteriaHierarchy);
    expect(FROM).toBeLessThan(SCHEMA_VERSION);
  });

  it('gives an older document an empty round history and keeps everything else', () => {
    const old = sampleAt(FROM, 'en', 'w-old', NOW);
    delete old.rounds;
    const r = migrated(old);
    expect(r.from).toBe(FROM);
    expect(r.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.doc.rounds).toEqual([]);
    expect(r.doc.scores).toEqual(old.scores);
  });

  it('refuses a round record of the wrong shape', () => {
    const doc = structuredClone(createSampleWorkshop('en', NOW, 'w-new')) as unknown as Record<string, unknown>;
    doc.rounds = [{ no: 0, roundId: 'r1' }];
    expect(migrate(doc).ok).toBe(false);
  });
});
