import { describe, expect, it } from 'vitest';
import { SimScenarioSchema } from '../../shared/cost/schema';
import { createSampleWorkshop } from '../../shared/model/create';
import { typedName } from '../../shared/model/names';
import { migrate, tooDeep } from '../../shared/model/migrate';
import { MIGRATIONS } from '../../shared/model/migrations';
import { simulationTyped } from '../../shared/model/migrations/simulation-typed';
import { SCHEMA_VERSION, StoredScenarioSchema, WorkshopDocSchema } from '../../shared/model/schema';
import { deepWorkshopText } from '../fixtures/deepWorkshop';
import { estimateScenario } from '../../electron/costsim/analytic';

const SAMPLE = createSampleWorkshop('en');
const sample = () => SAMPLE;
const result = () => estimateScenario(SimScenarioSchema.parse({ steps: 5, cluster: { gpus: 8 } }));
const withSim = (sim: Record<string, unknown>, version = SCHEMA_VERSION) => {
  const doc = JSON.parse(JSON.stringify(sample())) as Record<string, unknown> & { candidates: { id: string }[] };
  return {
    ...doc,
    schemaVersion: version,
    // A current document names the simulation with the one-name shape; an older one as plain text.
    simulations: [
      { id: 's1', candidateId: doc.candidates[0].id, name: version === SCHEMA_VERSION ? typedName('Run') : '', scenario: {}, result: null, ranAt: '', ...sim },
    ],
  };
};

describe('stored simulations are typed by the simulator schemas', () => {
  it('refuses a scenario nested 5,000 levels deep with a clear error, without running out of stack', () => {
    const res = migrate(JSON.parse(deepWorkshopText(5000)));
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.message).toBe('The workshop is not valid: it is nested too deeply.');
      expect(res.issues[0].path).toMatch(/^simulations\[0\]\.scenario(\.a)+$/);
    }
    const inResult = migrate(JSON.parse(deepWorkshopText(5000, 'result')));
    expect(inResult.ok).toBe(false);
  });

  it('finds depth without recursion and accepts the depth a real document has', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(tooDeep(deep)).toMatch(/^a(\.a)+$/);
    const doc = { ...withSim({ scenario: { cluster: { gpu: { name: 'x' } } }, result: result(), ranAt: '2026-03-01T00:00:00.000Z' }) };
    expect(tooDeep(doc)).toBeNull();
    expect(migrate(doc).ok).toBe(true);
  });

  it('keeps only the values the team set: no defaults are filled in', () => {
    const scenario = { cluster: { gpus: 64 }, rollout: { turns: { median: 40 } } };
    const res = migrate(withSim({ scenario }));
    expect(res.ok && res.doc.simulations[0].scenario).toEqual(scenario);
    expect(StoredScenarioSchema.parse({})).toEqual({});
  });

  it('accepts a scenario the team is still editing (a cross-field rule broken) but no unknown field or out-of-range value', () => {
    // p99 below the median: the editor shows it; sim.run refuses it; the document keeps it.
    expect(migrate(withSim({ scenario: { rollout: { turns: { median: 10, p99: 5 } } } })).ok).toBe(true);
    const unknown = migrate(withSim({ scenario: { label: 'x' } }));
    expect(unknown.ok || unknown.issues.map((i) => i.path)).toEqual(['simulations[0].scenario.label']);
    const range = migrate(withSim({ scenario: { cluster: { gpus: -1 } } }));
    expect(range.ok || range.issues.map((i) => i.path)).toEqual(['simulations[0].scenario.cluster.gpus']);
    const list = migrate(withSim({ scenario: [1, 2] }));
    expect(list.ok).toBe(false);
  });

  it('takes a result only in the shape sim.run answers', () => {
    expect(migrate(withSim({ result: result(), ranAt: '2026-03-01T00:00:00.000Z' })).ok).toBe(true);
    const other = migrate(withSim({ result: { note: 'anything' } }));
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.issues[0].path).toMatch(/^simulations\[0\]\.result/);
  });
});

describe('free-form maps are bounded', () => {
  it('refuses a needs answer map with more entries than any framework has', () => {
    const doc = JSON.parse(JSON.stringify(sample())) as { needs: { answers: Record<string, unknown> } };
    doc.needs.answers = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`q${i}`, 1]));
    const res = migrate(doc);
    expect(res.ok || res.issues.map((i) => i.path)).toEqual(['needs.answers']);
  });
});

describe('migration of older simulations', () => {
  // The version just before this step, built by hand (no `legacy` field, any JSON in scenario/result).
  const before = MIGRATIONS.indexOf(simulationTyped) + 1;
  const old = () => {
    const doc = withSim({}, before) as Record<string, unknown> & { candidates: { id: string }[] };
    const c = doc.candidates[0].id;
    // Names had their one-name shape before this step (single-names comes earlier in the chain).
    const base = { candidateId: c, name: typedName('Run'), ranAt: '2026-03-01T00:00:00.000Z' };
    doc.simulations = [
      { id: 'fits', ...base, scenario: { cluster: { gpus: 32 } }, result: result() },
      { id: 'list', ...base, scenario: [1, 2, 3], result: 'done' },
      { id: 'old-fields', ...base, scenario: { gpuType: 'H100', cluster: { gpus: 8 } }, result: { costTotal: 3 } },
    ];
    return doc;
  };

  it('is the step after the one the hand-built document claims', () => {
    expect(before).toBeLessThan(SCHEMA_VERSION);
  });

  it('keeps what fits, moves what does not into `legacy` as JSON text, and never fails the document', () => {
    const res = migrate(old());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.from).toBe(before);
    const [fits, list, oldFields] = res.doc.simulations;
    expect(fits).toMatchObject({ scenario: { cluster: { gpus: 32 } }, result: result(), legacy: '' });
    expect(list).toMatchObject({ scenario: {}, result: null, ranAt: '' });
    expect(list.legacy.split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([{ scenario: [1, 2, 3] }, { result: 'done' }]);
    expect(oldFields).toMatchObject({ scenario: {}, result: null, ranAt: '' });
    expect(oldFields.legacy.split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { scenario: { gpuType: 'H100', cluster: { gpus: 8 } } },
      // A result keeps when it ran, so the team sees an outdated result rather than none.
      { result: { costTotal: 3 }, ranAt: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(WorkshopDocSchema.safeParse(res.doc).success).toBe(true);
    // Everything else is as it was.
    expect({ ...res.doc, simulations: [], schemaVersion: 0 }).toEqual({ ...(migrate(withSim({})) as { doc: object }).doc, simulations: [], schemaVersion: 0 });
  });

  it('a current document gets no such rescue: what does not fit is refused', () => {
    const current = { ...old(), schemaVersion: SCHEMA_VERSION };
    expect(migrate(current).ok).toBe(false);
  });
});
