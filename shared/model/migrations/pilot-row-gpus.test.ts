import { describe, expect, it } from 'vitest';
import { calibrationInput, pilotRows } from '../calibration';
import { migrate } from '../migrate';
import { templateDoc } from '../template';
import { SCHEMA_VERSION } from '../version';
import { MIGRATIONS } from './index';
import { pilotRowGpus } from './pilot-row-gpus';

const NOW = '2026-01-01T00:00:00.000Z';

/** A document of the version before this migration (v9 when it was written), built by hand: a managed candidate's pilot of 3 timed steps on the 16 GPUs its import read. */
function older() {
  const doc = structuredClone(templateDoc({ title: 'W', lang: 'en', id: 'w1', now: NOW })) as unknown as Record<string, unknown>;
  const series = (metric: string, ys: number[]) => ({ candidateId: 'managed', metric, bucket: '', points: ys.map((y, i) => [i + 1, y]) });
  doc.metrics = {
    series: [series('iteration-speed', [9, 9.2, 8.8]), series('train-seconds', [80, 81, 79])],
    imports: [{ file: 'pilot.csv', importedAt: NOW, rows: 3 }],
    written: [],
    valueFunctions: {},
    pilots: [{ candidateId: 'managed', scenario: { cluster: { gpus: 16, gpu: 'H100-SXM' } } }],
    calibrations: [],
  };
  doc.schemaVersion = SCHEMA_VERSION - (MIGRATIONS.length - MIGRATIONS.indexOf(pilotRowGpus));
  return doc;
}

describe('migration: pilot row GPUs', () => {
  it('gives an older pilot no GPU changes: it keeps its one count, its rows name none, and the file is valid', () => {
    const res = migrate(older());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.from).toBe(older().schemaVersion);
    expect(res.doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(res.doc.metrics.pilots).toEqual([{ candidateId: 'managed', scenario: { cluster: { gpus: 16, gpu: 'H100-SXM' } }, gpusFrom: [] }]);
    const { rows } = pilotRows(res.doc, 'managed');
    expect(rows).toHaveLength(3);
    // Its rows name no GPUs, so the calibration request is the one the older version fingerprinted
    // (a calibration stored before the migration is not made stale by it).
    expect(rows.every((r) => !('gpus' in r))).toBe(true);
    expect(calibrationInput(res.doc, 'managed')!.request.rows).toEqual([
      { stepSeconds: 400, rolloutSeconds: null, trainSeconds: 80, tokensPerSecond: null },
      { stepSeconds: 3600 / 9.2, rolloutSeconds: null, trainSeconds: 81, tokensPerSecond: null },
      { stepSeconds: 3600 / 8.8, rolloutSeconds: null, trainSeconds: 79, tokensPerSecond: null },
    ]);
    expect(res.doc.metrics.series).toEqual((older().metrics as { series: unknown }).series);
  });

  it('leaves metrics or pilots of an unexpected shape for the schema to report', () => {
    const broken = { ...older(), metrics: 'broken' };
    expect(pilotRowGpus.up(broken)).toBe(broken);
    const noList = { ...older(), metrics: { pilots: 'x' } };
    expect(pilotRowGpus.up(noList)).toBe(noList);
  });
});
