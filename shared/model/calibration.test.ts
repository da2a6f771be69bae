import { describe, expect, it } from 'vitest';
import type { SimCalibration } from '../cost/schema';
import { SimScenarioSchema } from '../cost/schema';
import {
  attachCalibration,
  calibrationInput,
  calibrationStatus,
  pilotRows,
  pilotValue,
  recordImportedPilots,
  setPilotValue,
  targetScenario,
} from './calibration';
import { createWorkshop } from './create';
import { addParticipant, importMetrics, takeSuggestedScores } from './edits';
import { buildSeries, guessMapping, tokenizeCsv } from './metrics-import';
import { metricScoreProposals, suggestScores } from './metrics-suggest';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';
import { migrate } from './migrate';
import { costEvidence } from './cost-evidence';

const NOW = '2026-03-01T09:00:00.000Z';
const CSV = [
  'candidate,step,step_seconds,rollout_seconds,train_seconds,tokens_per_s,gpus,gpu_type',
  'managed,1,400,300,80,5000,8,H100',
  'managed,2,410,310,80,5100,8,H100',
  'managed,3,390,290,80,4900,8,H100',
  'self-built,1,300,,,,16,h20',
  'self-built,2,310,,,,16,B300',
].join('\n');

function imported(): { doc: WorkshopDoc; errors: ReturnType<typeof buildSeries>['errors'] } {
  const doc = createWorkshop({ title: 'C', lang: 'en', id: 'w1', now: NOW });
  const table = tokenizeCsv(CSV);
  const mapping = guessMapping(table, doc.candidates);
  const built = buildSeries(table, mapping);
  const next = recordImportedPilots(importMetrics(doc, built.series, { file: 'pilot.csv', importedAt: NOW, rows: built.rowsUsed }), built.pilots);
  return { doc: next, errors: built.errors };
}

/** A stored calibration answer (what sim.calibrate returns) projecting `costUsd` over `wallHours`. */
const answer = (costUsd: number, wallHours: number): SimCalibration => {
  const fp = (v: number) => ({ value: v, fitted: true, se: 0.01, observations: 3 });
  const figures = { stepSeconds: 400, rolloutSeconds: 300, trainSeconds: 80, tokensPerSecond: 5000 };
  const band = (x: number) => ({ p10: x * 0.9, mid: x, p90: x * 1.1 });
  return {
    parameters: { mfu: fp(0.3), decodeBandwidthEfficiency: fp(0.6), overheadSeconds: fp(10) },
    overheadPath: 'overheads.engineSleepWakeSeconds',
    residual: { rms: 0.02, observations: 12, byKind: figures },
    pilot: { rows: 3, measured: figures, predicted: figures },
    projection: {
      steps: 500,
      gpus: 64,
      gpu: 'H100-SXM',
      paramsB: 7,
      archetype: 'managed',
      stepSeconds: band(400),
      wallHours: band(wallHours),
      costUsd: band(costUsd),
      gpuHours: 1000,
      draws: 64,
    },
  };
};

describe('calibration by the pilot: the document side', () => {
  it('imports the new columns: rollout/train split and tokens/s as series, GPUs and GPU type as the pilot configuration', () => {
    const { doc, errors } = imported();
    const kinds = doc.metrics.series.filter((s) => s.candidateId === 'managed').map((s) => s.metric);
    expect(kinds.sort()).toEqual(['iteration-speed', 'rollout-seconds', 'tokens-per-second', 'train-seconds']);
    expect(pilotValue(doc, 'managed', 'cluster.gpus')).toBe(8);
    expect(pilotValue(doc, 'managed', 'cluster.gpu')).toBe('H100-SXM');
    expect(pilotValue(doc, 'self-built', 'cluster.gpus')).toBe(16);
    expect(pilotValue(doc, 'self-built', 'cluster.gpu')).toBe('H20');
    // An unknown GPU type is a row error naming the row, the column and the value.
    expect(errors).toEqual([{ row: 6, column: 'gpu_type', code: 'unknown-gpu', value: 'B300' }]);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('aligns the pilot rows by step, with step seconds back from iterations per hour', () => {
    const { doc } = imported();
    const { xs, rows } = pilotRows(doc, 'managed');
    expect(xs).toEqual([1, 2, 3]);
    expect(rows[1].stepSeconds).toBeCloseTo(410, 9);
    expect(rows[1]).toMatchObject({ rolloutSeconds: 310, trainSeconds: 80, tokensPerSecond: 5100 });
    expect(pilotRows(doc, 'self-built').rows.map((r) => r.rolloutSeconds)).toEqual([null, null]);
  });

  it('builds a valid request: the pilot scenario from its configuration, the full-scale run from the needs’ planned steps and model size', () => {
    let { doc } = imported();
    doc = { ...doc, needs: { ...doc.needs, answers: { plannedTrainingSteps: 800, modelSizeB: 32 } } };
    const input = calibrationInput(doc, 'managed')!;
    const pilot = SimScenarioSchema.parse(input.request.pilot);
    const target = SimScenarioSchema.parse(input.request.target);
    expect(pilot.cluster).toMatchObject({ gpus: 8, gpu: 'H100-SXM', colocated: true });
    expect(pilot.steps).toBe(3);
    expect(target.steps).toBe(800);
    expect(target.model.paramsB).toBe(32);
    expect(target.cost.archetype).toBe('managed');
    expect(targetScenario(doc, 'managed')).toMatchObject({ steps: 800, model: { paramsB: 32 } });
    expect(input.request.rows).toHaveLength(3);
    expect([input.firstStep, input.lastStep]).toEqual([1, 3]);
  });

  it('a calibration current in the app stays current once the document is saved and read back (as every export reads it)', () => {
    const { doc } = imported();
    const calibrated = attachCalibration(doc, 'managed', calibrationInput(doc, 'managed')!, answer(1000, 100), NOW);
    expect(calibrationStatus(calibrated, 'managed')!.stale).toBe(false);
    // The saved file: the schema writes each object's keys in its own order, not in the order the edits set them.
    const read = migrate(JSON.parse(JSON.stringify(calibrated)));
    if (!read.ok) throw new Error('expected the calibrated workshop to validate');
    expect(JSON.stringify(read.doc.metrics.pilots)).not.toBe(JSON.stringify(calibrated.metrics.pilots));
    expect(calibrationStatus(read.doc, 'managed')!.stale).toBe(false);
    expect(costEvidence(read.doc, () => 'refused').find((r) => r.candidateId === 'managed')).toMatchObject({ source: 'calibrated', stale: false });
  });

  it('keeps the calibration with its provenance and marks it stale when the pilot data or configuration changes', () => {
    const { doc } = imported();
    const input = calibrationInput(doc, 'managed')!;
    const calibrated = attachCalibration(doc, 'managed', input, answer(1000, 100), NOW);
    expect(WorkshopDocSchema.safeParse(calibrated).success).toBe(true);
    const status = calibrationStatus(calibrated, 'managed')!;
    expect(status.stale).toBe(false);
    expect(status.record).toMatchObject({ at: NOW, rows: 3, firstStep: 1, lastStep: 3 });
    // A re-import of corrected step times → stale.
    const reimported = importMetrics(
      calibrated,
      [
        {
          candidateId: 'managed',
          metric: 'train-seconds',
          bucket: '',
          points: [
            [1, 90],
            [2, 90],
            [3, 90],
          ],
        },
      ],
      { file: 'fix.csv', importedAt: NOW, rows: 3 },
    );
    expect(calibrationStatus(reimported, 'managed')!.stale).toBe(true);
    // Another pilot configuration → stale; the stored answer is kept, not dropped.
    const reconfigured = setPilotValue(calibrated, 'managed', 'cluster.gpus', 16);
    expect(calibrationStatus(reconfigured, 'managed')).toMatchObject({ stale: true, record: { rows: 3 } });
    expect(calibrationStatus(calibrated, 'self-built')).toBeNull();
  });

  it('suggests the cost score from the projected cost against the budget through the value function, and a later change is a proposal', () => {
    const { doc: base } = imported();
    // Budget 50,000 USD per month; the projection: 60,000 USD over one month (730 h) → 1.2 × the budget.
    let doc: WorkshopDoc = { ...base, needs: { ...base.needs, answers: { budget: 50_000, budgetCurrency: 'USD' } } };
    doc = attachCalibration(doc, 'managed', calibrationInput(doc, 'managed')!, answer(60_000, 730), NOW);
    const cost = suggestScores(doc).filter((s) => s.criterionId === 'cost-structure');
    // Default piecewise function: 1 at ≤ 0.75, 0.5 at 1, 0 at 1.5 → 0.3 at 1.2 → 3 on the 0–10 scale.
    expect(cost).toEqual([expect.objectContaining({ candidateId: 'managed', measure: 'budget-share', value: 3 })]);
    expect(cost[0].measured).toBeCloseTo(1.2, 9);
    // Taken into the evaluation with provenance; a bigger budget (0.6 × → value 1 → 10) is then a proposal, not a rewrite.
    doc = addParticipant(doc, { id: 'p1', name: 'Pilot' });
    doc = takeSuggestedScores(doc, 'p1', [{ candidateId: 'managed', criterionId: 'cost-structure', value: 3, rationale: 'budget share' }], NOW);
    const richer = { ...doc, needs: { ...doc.needs, answers: { ...doc.needs.answers, budget: 100_000 } } };
    expect(metricScoreProposals(richer)).toEqual([{ participantId: 'p1', candidateId: 'managed', criterionId: 'cost-structure', current: 3, proposed: 10 }]);
    expect(richer.scores.find((s) => s.candidateId === 'managed' && s.criterionId === 'cost-structure')?.value).toBe(3);
    // A stale calibration suggests nothing.
    const stale = setPilotValue(doc, 'managed', 'cluster.gpus', 32);
    expect(suggestScores(stale).some((s) => s.measure === 'budget-share')).toBe(false);
  });

  it('rates every candidate in the cost-structure row on one measure: cost ÷ budget once any candidate has it', () => {
    const { doc: base } = imported();
    // Utilization for every candidate; a current calibration (cost ÷ budget) for managed only.
    const util = (candidateId: string, u: number) => ({
      candidateId,
      metric: 'utilization' as const,
      bucket: '' as const,
      points: [[1, u] as [number, number]],
    });
    let doc: WorkshopDoc = importMetrics(
      { ...base, needs: { ...base.needs, answers: { budget: 50_000, budgetCurrency: 'USD' } } },
      base.candidates.map((c, i) => util(c.id, 0.4 + 0.1 * i)),
      { file: 'util.csv', importedAt: NOW, rows: base.candidates.length },
    );
    const before = suggestScores(doc).filter((s) => s.criterionId === 'cost-structure');
    expect(new Set(before.map((s) => s.measure))).toEqual(new Set(['utilization']));
    expect(before).toHaveLength(base.candidates.length);
    doc = attachCalibration(doc, 'managed', calibrationInput(doc, 'managed')!, answer(60_000, 730), NOW);
    const row = suggestScores(doc).filter((s) => s.criterionId === 'cost-structure');
    // One measure in the row: the others wait for a calibration of their own, never rated on utilization beside it.
    expect(row.map((s) => [s.candidateId, s.measure])).toEqual([['managed', 'budget-share']]);
  });

  it('keeps each pilot row’s GPUs when the pilot changed its GPU count part-way (8, then 16 from step 3)', () => {
    const doc = createWorkshop({ title: 'C', lang: 'en', id: 'w1', now: NOW });
    const csv = [
      'candidate,step,step_seconds,train_seconds,gpus',
      'managed,2,400,80,8',
      'managed,1,410,82,8',
      'managed,3,250,45,16',
      'managed,4,240,44,16',
    ].join('\n');
    const table = tokenizeCsv(csv);
    const built = buildSeries(table, guessMapping(table, doc.candidates));
    expect(built.pilots).toEqual([
      {
        candidateId: 'managed',
        gpus: 16,
        gpu: null,
        gpusFrom: [
          [1, 8],
          [3, 16],
        ],
      },
    ]);
    const next = recordImportedPilots(importMetrics(doc, built.series, { file: 'pilot.csv', importedAt: NOW, rows: built.rowsUsed }), built.pilots);
    expect(WorkshopDocSchema.safeParse(next).success).toBe(true);
    expect(pilotValue(next, 'managed', 'cluster.gpus')).toBe(16);
    expect(pilotRows(next, 'managed').rows.map((r) => r.gpus)).toEqual([8, 8, 16, 16]);
    const input = calibrationInput(next, 'managed')!;
    expect(input.request.rows.map((r) => [r.trainSeconds, r.gpus])).toEqual([
      [82, 8],
      [80, 8],
      [45, 16],
      [44, 16],
    ]);
    // A re-import on one count clears the changes: the rows name no GPUs and the pilot's count holds.
    const again = buildSeries(tokenizeCsv(csv.replace(/,16$/gm, ',8')), guessMapping(table, doc.candidates));
    const flat = recordImportedPilots(next, again.pilots);
    expect(pilotValue(flat, 'managed', 'cluster.gpus')).toBe(8);
    expect(pilotRows(flat, 'managed').rows.every((r) => r.gpus === undefined)).toBe(true);
    // A changed GPU count is a changed pilot: a calibration from before is stale.
    const calibrated = attachCalibration(flat, 'managed', calibrationInput(flat, 'managed')!, answer(1000, 100), NOW);
    expect(calibrationStatus(recordImportedPilots(calibrated, built.pilots), 'managed')!.stale).toBe(true);
  });
});
