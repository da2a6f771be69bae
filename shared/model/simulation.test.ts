import { describe, expect, it } from 'vitest';
import { SimResultSchema, SimScenarioSchema, type SimResult } from '../cost/schema';
import { createSampleWorkshop, createWorkshop } from './create';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';
import {
  archetypeCosts,
  archetypeOfKind,
  attachResult,
  comparisonRows,
  contextWindowFor,
  detachResult,
  ensureSimulation,
  growth,
  keptResult,
  joinSweeps,
  linearTrend,
  parseTurnSweep,
  resetScenario,
  resultStatus,
  seedScenario,
  setScenarioValue,
  simulationOf,
  stepBreakdown,
  storedResult,
  summarize,
  withTurnsScaled,
} from './simulation';
import { simulationName, typedName } from './names';
import { migrate } from './migrate';
import { SCHEMA_VERSION } from './version';
import { issuesAdded, valueAt } from '../cost/form';
import { engineFit } from '../cost/shape';
import { targetScenario } from './calibration';

const NOW = '2026-03-01T09:00:00.000Z';
const sample = () => createSampleWorkshop('en', NOW, 'w1');

/** A well-formed result (checked against the contract below) with distinct, recognisable figures. */
function result(over: { costTotal?: number; wallHours?: number } = {}): SimResult {
  const breakdown = (o: Partial<SimResult['totals']['costBreakdown']>) => ({
    hardware: 0,
    power: 0,
    datacentre: 0,
    staff: 0,
    idleCapacity: 0,
    gpuHours: 0,
    platformFee: 0,
    storage: 0,
    cloudBurst: 0,
    sandboxCpu: 0,
    egress: 0,
    ...o,
  });
  const managed = breakdown({ gpuHours: 700, platformFee: 70, storage: 5 });
  return {
    method: 'discrete-event',
    step: { meanSeconds: 120, p50Seconds: 110, p90Seconds: 170, rolloutSeconds: 90, trainSeconds: 25, syncSeconds: 1, failureSeconds: 4 },
    stepSeconds: [100, 120, 140],
    gpuUtilization: { rollout: 0.55, train: 0.2 },
    idleFraction: { rollout: 0.3, train: 0.75 },
    totals: {
      wallHours: over.wallHours ?? 2,
      gpuHours: 32,
      generatedTokens: 1e6,
      trainedTokens: 2e6,
      wastedTokens: 1e4,
      rollouts: 200,
      failedRollouts: 2,
      retriedRollouts: 5,
      truncatedRollouts: 50,
      gpuFailures: 0,
      costTotal: over.costTotal ?? 775,
      costRun: 775,
      costPerStep: 38.75,
      costBreakdown: managed,
    },
    costByArchetype: {
      'self-built': {
        total: 30000,
        run: 900,
        perStep: 45,
        breakdown: breakdown({ hardware: 600, power: 50, datacentre: 100, staff: 150, idleCapacity: 29100 }),
      },
      managed: { total: 775, run: 775, perStep: 38.75, breakdown: managed },
      hybrid: { total: 15000, run: 800, perStep: 40, breakdown: breakdown({ hardware: 300, staff: 75, idleCapacity: 14200, cloudBurst: 425 }) },
    },
    engine: {
      gpu: 'H100-SXM',
      rolloutGpus: 8,
      trainGpus: 8,
      engines: 8,
      sequencesPerEngine: 13,
      weightGB: 14,
      kvBytesPerToken: 131072,
      layers: 32,
      dModel: 4096,
      minInterTokenMs: 6,
      trainFlopsPerStep: 1e17,
      activationGBPerGpu: 10,
      trainFitsInMemory: true,
      longestRolloutMinDecodeSeconds: 80,
    },
    assumptions: [],
  };
}

describe('seeding a candidate’s scenario', () => {
  it('takes the archetype from the candidate’s kind and the rollout length from the needs answers', () => {
    const { scenario, notes } = seedScenario({ kind: 'hybrid' }, { rolloutSteps: 40 });
    // 40 turns × (512 + 256) tokens + 1024 prompt = 31 744; twice that fits in 64K.
    expect(scenario).toEqual({ cost: { archetype: 'hybrid' }, rollout: { turns: { median: 40, p99: 160, max: 320 }, maxContextTokens: 65536 } });
    expect(notes.map((n) => [n.path, n.source])).toEqual([
      ['cost.archetype', 'candidate.kind'],
      ['rollout.turns.median', 'needs.rolloutSteps'],
      ['rollout.maxContextTokens', 'needs.rolloutSteps'],
    ]);
    expect(SimScenarioSchema.safeParse(scenario).success).toBe(true);
  });

  it('widens the context window only when the default one is too small for the rollouts', () => {
    expect(contextWindowFor(4)).toBe(8192);
    expect(seedScenario({ kind: 'custom' }, { rolloutSteps: 10 }).scenario).toEqual({ rollout: { turns: { median: 10, p99: 40, max: 80 } } });
    expect(contextWindowFor(20)).toBe(32768);
    expect(contextWindowFor(21)).toBe(65536);
    expect(contextWindowFor(10_000)).toBe(2 ** 20);
    expect(SimScenarioSchema.safeParse(seedScenario({ kind: 'custom' }, { rolloutSteps: 10_000 }).scenario).success).toBe(true);
  });

  it('keeps defaults where there is nothing to seed from (custom kind, no or unusable answer)', () => {
    expect(seedScenario({ kind: 'custom' }, {}).scenario).toEqual({});
    // managed is the default archetype: nothing to store, but still noted as seeded; its jobs run colocated.
    const managed = seedScenario({ kind: 'managed' }, { rolloutSteps: 'many' });
    expect(managed.scenario).toEqual({ cluster: { colocated: true } });
    expect(managed.notes.map((n) => n.path)).toEqual(['cost.archetype', 'cluster.colocated']);
    expect(seedScenario({ kind: 'custom' }, { rolloutSteps: 0 }).scenario).toEqual({});
    expect(archetypeOfKind('self-built')).toBe('self-built');
    expect(archetypeOfKind('custom')).toBeNull();
  });

  it('seeds what the candidates really differ in, so their step times differ', () => {
    const self = seedScenario({ kind: 'self-built' }, { rolloutSteps: 8 }).scenario;
    const managed = seedScenario({ kind: 'managed' }, { rolloutSteps: 8 }).scenario;
    expect(self).toMatchObject({ system: { mode: 'async' } });
    expect(managed).toMatchObject({ cluster: { colocated: true } });
    expect(SimScenarioSchema.parse(self).system.mode).not.toBe(SimScenarioSchema.parse(managed).system.mode);
  });

  it('rounds a fractional answer to whole turns, keeping the tail valid', () => {
    const { scenario } = seedScenario({ kind: 'custom' }, { rolloutSteps: 2.6 });
    expect(scenario).toEqual({ rollout: { turns: { median: 3, p99: 12, max: 24 } } });
  });
});

describe('simulations in the workshop', () => {
  it('adds one seeded entry per candidate, once, and the document stays valid', () => {
    let doc = sample();
    doc = ensureSimulation(doc, 'self-built', 's1');
    expect(simulationOf(doc, 'self-built')).toMatchObject({
      id: 's1',
      name: { text: '', default: { 'zh-CN': '成本与吞吐场景', en: 'Cost and throughput scenario' }, translation: '' },
      scenario: { cost: { archetype: 'self-built' }, rollout: { turns: { median: 40 } } },
      result: null,
    });
    const zh = ensureSimulation(createSampleWorkshop('zh-CN', NOW, 'w2'), 'hybrid', 's9');
    // A default title, shown in the language it is read in, whatever the workshop's language.
    expect(simulationName(zh, simulationOf(zh, 'hybrid')!, 'zh-CN')).toBe('成本与吞吐场景');
    expect(simulationName(zh, simulationOf(zh, 'hybrid')!, 'en')).toBe('Cost and throughput scenario');
    expect(ensureSimulation(doc, 'self-built', 's2')).toBe(doc);
    expect(ensureSimulation(doc, 'no-such-candidate', 's3')).toBe(doc);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
  });

  it('attaches a result only to the scenario it came from; an edit keeps it, marked stale with what changed, until the next run', () => {
    let doc = ensureSimulation(sample(), 'managed', 's1');
    const simulated = simulationOf(doc, 'managed')!.scenario;
    doc = attachResult(doc, 'managed', simulated, result(), NOW);
    expect(storedResult(simulationOf(doc, 'managed'))?.totals.costTotal).toBe(775);
    expect(simulationOf(doc, 'managed')!.ranAt).toBe(NOW);
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);

    expect(resultStatus(simulationOf(doc, 'managed'))).toEqual({ changes: [], outdated: false, stale: false });
    const edited = setScenarioValue(setScenarioValue(doc, 'managed', 'steps', 40), 'managed', 'cluster.gpus', 64);
    expect(simulationOf(edited, 'managed')).toMatchObject({ ranAt: NOW, scenario: { steps: 40 }, resultScenario: simulated });
    expect(storedResult(simulationOf(edited, 'managed'))?.totals.costTotal).toBe(775);
    expect(resultStatus(simulationOf(edited, 'managed'))).toEqual({ changes: ['cluster.gpus', 'steps'], outdated: false, stale: true });
    // The comparison keeps the figures and says they are stale.
    const row = comparisonRows(edited).find((r) => r.candidateId === 'managed')!;
    expect(row.summary?.costTotal).toBe(775);
    expect(row.status?.stale).toBe(true);
    // Editing back to the simulated scenario makes it current again.
    expect(resultStatus(simulationOf(setScenarioValue(edited, 'managed', 'steps', 20), 'managed'))?.changes).toEqual(['cluster.gpus']);
    // A new run replaces it and is current.
    const rerun = attachResult(edited, 'managed', simulationOf(edited, 'managed')!.scenario, result({ costTotal: 900 }), NOW);
    expect(resultStatus(simulationOf(rerun, 'managed'))?.stale).toBe(false);
    expect(WorkshopDocSchema.safeParse(edited).success).toBe(true);
    // A result of the old scenario does not attach to the edited one.
    expect(attachResult(edited, 'managed', simulated, result(), NOW)).toBe(edited);
    // Setting a field to what it already is changes nothing (the result stays).
    expect(setScenarioValue(doc, 'managed', 'steps', 20)).toBe(doc);
    expect(detachResult(doc, 'managed').simulations[0].result).toBeNull();
  });

  it('resets to the seed', () => {
    let doc = ensureSimulation(sample(), 'hybrid', 's1');
    const seeded = simulationOf(doc, 'hybrid')!.scenario;
    doc = setScenarioValue(doc, 'hybrid', 'cluster.gpus', 64);
    expect(simulationOf(doc, 'hybrid')!.scenario).not.toEqual(seeded);
    doc = resetScenario(doc, 'hybrid');
    expect(simulationOf(doc, 'hybrid')!.scenario).toEqual(seeded);
    expect(resetScenario(doc, 'hybrid')).toBe(doc);
    // A result is kept through a reset too.
    doc = attachResult(doc, 'hybrid', seeded, result(), NOW);
    doc = resetScenario(setScenarioValue(doc, 'hybrid', 'cluster.gpus', 64), 'hybrid');
    expect(resultStatus(simulationOf(doc, 'hybrid'))).toEqual({ changes: [], outdated: false, stale: false });
  });

  it('keeps a result the contract no longer recognises, marked stale as outdated (never dropped)', () => {
    expect(SimResultSchema.safeParse(result()).success).toBe(true);
    expect(storedResult(undefined)).toBeNull();
    expect(resultStatus(undefined)).toBeNull();
    const old = {
      id: 'x',
      candidateId: 'c',
      name: typedName('x'),
      scenario: {},
      result: { costTotal: 3 } as unknown as SimResult,
      resultScenario: null,
      ranAt: NOW,
      legacy: '',
    };
    expect(storedResult(old)).toBeNull();
    expect(resultStatus(old)).toEqual({ changes: [], outdated: true, stale: true });
    // Editing such a scenario keeps the result (and records what it came from).
    let doc: WorkshopDoc = { ...ensureSimulation(sample(), 'managed', 's1') };
    doc = { ...doc, simulations: doc.simulations.map((s) => ({ ...s, result: { costTotal: 3 } as unknown as SimResult })) };
    doc = setScenarioValue(doc, 'managed', 'steps', 40);
    expect(simulationOf(doc, 'managed')!.result).toEqual({ costTotal: 3 });
    expect(resultStatus(simulationOf(doc, 'managed'))).toEqual({ changes: ['steps'], outdated: true, stale: true });
  });
});

describe('invalid values are never committed', () => {
  it('refuses a value that breaks a cross-field rule: the same document, so no undo step; fixes and other edits go through', () => {
    const doc = ensureSimulation(sample(), 'managed', 's1');
    const scenario = simulationOf(doc, 'managed')!.scenario;
    // 99999 training steps exceed the simulator's rollout limit; a median of 1e9 turns lies above its p99 and cap.
    expect(issuesAdded(scenario, 'steps', 99999).map((i) => i.code)).toEqual(['tooManyRollouts']);
    expect(setScenarioValue(doc, 'managed', 'steps', 99999)).toBe(doc);
    expect(
      issuesAdded(scenario, 'rollout.turns.median', 1e9)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['rollout.turns.max', 'rollout.turns.p99']);
    expect(setScenarioValue(doc, 'managed', 'rollout.turns.median', 1e9)).toBe(doc);
    // The same value after the tail was raised first is committed.
    let ok = setScenarioValue(doc, 'managed', 'rollout.turns.max', 2000);
    ok = setScenarioValue(ok, 'managed', 'rollout.turns.p99', 1000);
    ok = setScenarioValue(ok, 'managed', 'rollout.turns.median', 500);
    expect(simulationOf(ok, 'managed')!.scenario).toMatchObject({ rollout: { turns: { median: 500, p99: 1000, max: 2000 } } });
    // A scenario that already breaks a rule (an older file) still takes edits elsewhere, and the fix.
    const broken: WorkshopDoc = {
      ...doc,
      simulations: doc.simulations.map((s) => ({ ...s, scenario: { ...s.scenario, rollout: { turns: { median: 50, p99: 2, max: 64 } } } })),
    };
    const other = setScenarioValue(broken, 'managed', 'steps', 30);
    expect(other).not.toBe(broken);
    expect(simulationOf(setScenarioValue(other, 'managed', 'rollout.turns.p99', 60), 'managed')!.scenario).toMatchObject({
      steps: 30,
      rollout: { turns: { p99: 60 } },
    });
  });
});

describe('a result of an older shape is kept, marked outdated', () => {
  /** An older file (schema 1) whose full result the current simulator's schema does not read. */
  function olderFile(): Record<string, unknown> {
    const doc = JSON.parse(JSON.stringify(sample())) as Record<string, unknown>;
    doc.simulations = [
      {
        id: 's1',
        candidateId: 'managed',
        name: 'Run',
        scenario: {},
        result: { step: { meanSeconds: 42 }, totals: { costTotal: 1234, gpuHours: 8 }, oldField: true },
        ranAt: NOW,
      },
    ];
    doc.schemaVersion = 1;
    return doc;
  }

  it('loads it into the simulation, with when it ran and its key figures; the screen, comparison and report see it as outdated', () => {
    expect(SCHEMA_VERSION).toBeGreaterThan(1);
    const res = migrate(olderFile());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const sim = simulationOf(res.doc, 'managed')!;
    // The current result field holds only results the simulator reads; the older one is kept beside it.
    expect(sim.result).toBeNull();
    expect(storedResult(sim)).toBeNull();
    const kept = keptResult(sim)!;
    expect(kept).toMatchObject({ ranAt: NOW, figures: { stepSeconds: 42, costTotal: 1234, gpuHours: 8 } });
    expect(JSON.parse(kept.text)).toMatchObject({ oldField: true });
    expect(resultStatus(sim)).toEqual({ changes: [], outdated: true, stale: true });
    expect(comparisonRows(res.doc).find((r) => r.candidateId === 'managed')!.status).toEqual({ changes: [], outdated: true, stale: true });
    // Editing the scenario keeps it; a new run puts the current result beside it; only detaching (the team's choice) removes it.
    const edited = setScenarioValue(res.doc, 'managed', 'steps', 40);
    expect(keptResult(simulationOf(edited, 'managed'))?.figures.costTotal).toBe(1234);
    const rerun = attachResult(edited, 'managed', simulationOf(edited, 'managed')!.scenario, result(), NOW);
    expect(resultStatus(simulationOf(rerun, 'managed'))).toEqual({ changes: [], outdated: false, stale: false });
    const detached = detachResult(res.doc, 'managed');
    expect(keptResult(simulationOf(detached, 'managed'))).toBeNull();
    expect(resultStatus(simulationOf(detached, 'managed'))).toBeNull();
    expect(WorkshopDocSchema.safeParse(detached).success).toBe(true);
  });
});

describe('summaries', () => {
  it('sums the step breakdown to the mean step time and reports shares of rollouts', () => {
    const r = result();
    const parts = stepBreakdown(r);
    expect(parts.rollout + parts.train + parts.sync + parts.failures).toBe(r.step.meanSeconds);
    const s = summarize(r);
    expect(s).toMatchObject({ stepSeconds: 120, wallHours: 2, gpuHours: 32, costTotal: 775, rolloutIdle: 0.3, trainUtilization: 0.2 });
    expect(s.truncatedShare).toBeCloseTo(0.25);
    expect(s.failedShare).toBeCloseTo(0.01);
  });

  it('splits each archetype’s cost into the items that occur, in one shared order', () => {
    const { items, columns } = archetypeCosts(result());
    expect(items).toEqual(['hardware', 'power', 'datacentre', 'staff', 'idleCapacity', 'gpuHours', 'platformFee', 'storage', 'cloudBurst']);
    expect(columns.map((c) => c.archetype)).toEqual(['self-built', 'managed', 'hybrid']);
    for (const c of columns) expect(c.parts.reduce((a, b) => a + b, 0)).toBeCloseTo(c.total);
    const r = result();
    r.costByArchetype['self-built'].breakdown.power = 0;
    expect(archetypeCosts(r).items).not.toContain('power');
  });

  it('compares candidates by their last full result', () => {
    let doc: WorkshopDoc = sample();
    for (const id of ['self-built', 'managed']) doc = ensureSimulation(doc, id, `s-${id}`);
    doc = attachResult(doc, 'managed', simulationOf(doc, 'managed')!.scenario, result({ costTotal: 999, wallHours: 3 }), NOW);
    const rows = comparisonRows(doc);
    expect(rows.map((r) => r.candidateId)).toEqual(['self-built', 'managed', 'hybrid']);
    expect(rows.map((r) => r.archetype)).toEqual(['self-built', 'managed', 'hybrid']);
    expect(rows[0].summary).toBeNull();
    expect(rows[1]).toMatchObject({ ranAt: NOW, summary: { costTotal: 999, wallHours: 3 } });
    expect(rows[2].summary).toBeNull();
    const custom = createWorkshop({ title: 'T', lang: 'en', id: 'w2', now: NOW });
    expect(comparisonRows(custom).every((r) => r.summary === null)).toBe(true);
  });
});

describe('rollout-length sweeps', () => {
  it('parses the values, sorted and distinct, and refuses values the tail does not allow', () => {
    expect(parseTurnSweep('8, 1 2，4 4', { p99: 64, max: 128 })).toEqual({ ok: true, values: [1, 2, 4, 8] });
    expect(parseTurnSweep('  ', { p99: 64, max: 128 })).toEqual({ ok: false, error: { code: 'empty' } });
    expect(parseTurnSweep('1, x', { p99: 64, max: 128 })).toEqual({ ok: false, error: { code: 'notNumber', text: 'x' } });
    expect(parseTurnSweep('0, 1', { p99: 64, max: 128 })).toEqual({ ok: false, error: { code: 'notPositive', value: 0 } });
    expect(parseTurnSweep('1, 2, 4, 8, 16, 32, 64', { p99: 16, max: 32 })).toEqual({ ok: false, error: { code: 'aboveTail', value: 32, limit: 16 } });
    // When the tail scales with the median, the current p99 is no limit.
    expect(parseTurnSweep('1, 2, 4, 8, 16, 32, 64')).toEqual({ ok: true, values: [1, 2, 4, 8, 16, 32, 64] });
    const many = Array.from({ length: 65 }, (_, i) => i + 1).join(',');
    expect(parseTurnSweep(many, { p99: 100, max: 100 })).toEqual({ ok: false, error: { code: 'tooMany', max: 64 } });
  });

  it('draws the linear trend through the first two points and measures growth against it', () => {
    const xs = [1, 2, 4, 8];
    expect(linearTrend(xs, [10, 12, 16, 24])).toEqual([10, 12, 16, 24]);
    const quadratic = xs.map((x) => 10 + x * x);
    expect(linearTrend(xs, quadratic)).toEqual([11, 14, 20, 32]);
    const g = growth(xs, quadratic)!;
    expect(g.ratioX).toBe(8);
    expect(g.ratioY).toBeCloseTo(74 / 11);
    expect(g.vsLinear).toBeCloseTo(74 / 32);
    expect(g.atX).toBe(8);
    expect(growth(xs, [10, 12, 16, 24])!.vsLinear).toBeCloseTo(1);
    // Faster than linear in the middle, then flattening (e.g. the context window truncates): the peak is reported.
    const bent = growth([1, 2, 4, 8, 16], [3, 6, 14, 40, 50])!;
    expect(bent.atX).toBe(8);
    expect(bent.vsLinear).toBeCloseTo(40 / 24);
    expect(growth([1, 2], [1, 2])).toBeNull();
    expect(growth([1, 2, 4], [10, 5, 1])).toBeNull();
  });

  it('moves the whole turns distribution with the median, keeping the tail’s shape', () => {
    const s = { rollout: { turns: { median: 40, p99: 160, max: 320 }, maxContextTokens: 65536 }, steps: 5 };
    // ×4, ×8 at median 4 is the default tail: the sparse scenario leaves it out.
    expect(withTurnsScaled(s, 4)).toEqual({ rollout: { maxContextTokens: 65536 }, steps: 5 });
    expect(withTurnsScaled(s, 8)).toEqual({ rollout: { turns: { median: 8, p99: 32, max: 64 }, maxContextTokens: 65536 }, steps: 5 });
    expect(withTurnsScaled(s, 10).rollout).toMatchObject({ turns: { median: 10, p99: 40, max: 80 } });
    // From the defaults (median 4, p99 16, max 32), and never below the median.
    expect(withTurnsScaled({}, 1)).toEqual({ rollout: { turns: { median: 1, p99: 4, max: 8 } } });
    expect(withTurnsScaled({ rollout: { turns: { median: 4, p99: 4, max: 4 } } }, 0.5).rollout).toEqual({ turns: { median: 0.5, p99: 0.5, max: 0.5 } });
    for (const m of [1, 3, 64]) expect(SimScenarioSchema.safeParse(withTurnsScaled(s, m)).success).toBe(true);
  });

  it('joins single-point sweeps into one sweep, in order', () => {
    const point = (v: number) => ({
      field: 'rollout.turns.median',
      values: [v],
      curves: {
        stepMeanSeconds: [v * 10],
        stepP90Seconds: [v * 11],
        rolloutSeconds: [v],
        trainSeconds: [1],
        costPerStep: [v * 2],
        costTotal: [v * 40],
        gpuHours: [v],
        rolloutIdleFraction: [0.1],
        generatedTokensPerStep: [v * 100],
      },
      points: [result({ costTotal: v })],
    });
    const joined = joinSweeps([point(1), point(2), point(4)]);
    expect(joined.values).toEqual([1, 2, 4]);
    expect(joined.curves.costPerStep).toEqual([2, 4, 8]);
    expect(joined.curves.stepMeanSeconds).toEqual([10, 20, 40]);
    expect(joined.points.map((p) => p.totals.costTotal)).toEqual([1, 2, 4]);
    expect(joined.field).toBe('rollout.turns.median');
  });
});

describe('the needs reach the scenario (the meeting path)', () => {
  it('a 32B model from the needs is seeded with a tensor-parallel degree that holds it', () => {
    // 40 turns → a 64K window; 32B in bf16 with a 64K KV cache needs 78.8 GB, one H100 holds 72 GB.
    const { scenario, notes } = seedScenario({ kind: 'managed' }, { modelSizeB: 32, rolloutSteps: 40 });
    expect(scenario).toMatchObject({ model: { paramsB: 32 }, cluster: { tensorParallel: 2 }, rollout: { maxContextTokens: 65_536 } });
    expect(notes.map((n) => n.path)).toEqual(expect.arrayContaining(['model.paramsB', 'cluster.tensorParallel']));
    expect(engineFit(SimScenarioSchema.parse(scenario)).fits).toBe(true);
    // 7B fits on one GPU: nothing to change, nothing to note.
    const small = seedScenario({ kind: 'managed' }, { modelSizeB: 7, rolloutSteps: 40 });
    expect(small.notes.map((n) => n.path)).not.toContain('cluster.tensorParallel');
    expect(valueAt(small.scenario, 'cluster.tensorParallel')).toBeUndefined();
  });

  it('calibration of a workshop whose needs say 32B projects a run that fits, from a scenario seeded before', () => {
    const doc = createSampleWorkshop('zh-CN', '2026-11-29T10:00:00.000Z', 'w1');
    const withSize: WorkshopDoc = { ...doc, needs: { ...doc.needs, answers: { ...doc.needs.answers, modelSizeB: 32 } } };
    for (const c of withSize.candidates) {
      const target = SimScenarioSchema.parse(targetScenario(withSize, c.id));
      expect(target.model.paramsB).toBe(32);
      expect(engineFit(target).fits).toBe(true);
    }
  });
});
