import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { templateDoc } from '../template';
import { SCHEMA_VERSION } from '../version';
import { MIGRATIONS } from './index';
import { pilotCalibration } from './pilot-calibration';

/** A document of the version before this migration, built by hand from a current one, with pilot metrics and a written score. */
function older() {
  const doc = structuredClone(templateDoc({ title: 'W', lang: 'en', id: 'w1', now: '2026-01-01T00:00:00.000Z' })) as unknown as Record<string, unknown>;
  doc.metrics = {
    series: [
      {
        candidateId: 'managed',
        metric: 'iteration-speed',
        bucket: '',
        points: [
          [1, 9],
          [2, 10],
        ],
      },
    ],
    imports: [{ file: 'pilot.csv', importedAt: '2026-01-01T00:00:00.000Z', rows: 2 }],
    written: [],
    valueFunctions: { 'iteration-speed': { kind: 'linear', worst: 0, best: 12 } },
  };
  doc.schemaVersion = SCHEMA_VERSION - (MIGRATIONS.length - MIGRATIONS.indexOf(pilotCalibration));
  return doc;
}

describe('migration: pilot calibration', () => {
  it('adds empty pilot configurations and calibrations, keeps every metric, and the migrated file is valid', () => {
    const doc = older();
    const res = migrate(structuredClone(doc));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(res.doc.metrics.pilots).toEqual([]);
    expect(res.doc.metrics.calibrations).toEqual([]);
    const before = doc.metrics as Record<string, unknown>;
    expect(res.doc.metrics.series).toEqual(before.series);
    expect(res.doc.metrics.imports).toEqual(before.imports);
    expect(res.doc.metrics.valueFunctions).toEqual(before.valueFunctions);
  });

  it('leaves a metrics section of an unexpected shape for the schema to report', () => {
    const doc = { ...older(), metrics: 'broken' };
    expect(pilotCalibration.up(doc)).toBe(doc);
  });
});
