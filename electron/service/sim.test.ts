import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from './dispatch';
import { createInlineRunner } from './tasks/runner';
import { createWorkerPool } from './tasks/pool';

const inline = createInlineRunner();
const call = (method: string, payload: unknown) => dispatch(method, payload, { host: 'test', tasks: inline, checkResponse: true });
const small = { steps: 3, promptsPerStep: 8, rolloutsPerPrompt: 4 };

describe('sim.* through dispatch', () => {
  it('runs a scenario and fills every default', async () => {
    const res = await call('sim.run', small);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const r = res.result as { method: string; stepSeconds: number[]; assumptions: { path: string; source: string }[] };
    expect(r.method).toBe('discrete-event');
    expect(r.stepSeconds).toHaveLength(3);
    expect(r.assumptions.find((a) => a.path === 'steps')?.source).toBe('given');
    expect(r.assumptions.find((a) => a.path === 'rollout.overflow')?.source).toBe('default');
  });

  it('rejects unknown fields and bad values with a path', async () => {
    const unknown = await call('sim.run', { rollout: { turnz: 3 } });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.code).toBe('invalid_request');
      expect(unknown.error.issues?.[0].path).toBe('rollout.turnz');
    }
    const bad = await call('sim.estimate', { steps: 0, rollout: { turns: { median: 10, p99: 5 } }, cluster: { mfu: 2 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      const paths = bad.error.issues?.map((i) => i.path);
      expect(paths).toContain('steps');
      expect(paths).toContain('rollout.turns.p99');
      expect(paths).toContain('cluster.mfu');
    }
    const nan = await call('sim.run', { cluster: { mfu: 'high' } });
    expect(!nan.ok && nan.error.issues?.[0].path).toBe('cluster.mfu');
  });

  it('reports a model that does not fit as invalid_request on tensorParallel', async () => {
    const res = await call('sim.run', { ...small, model: { paramsB: 200 } });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_request');
      expect(res.error.issues?.[0].path).toBe('cluster.tensorParallel');
    }
  });

  it('calibrates a pilot through the contract; bad rows and a pilot that cannot run are invalid requests with their path', async () => {
    const rows = [400, 420, 410].map((step) => ({ stepSeconds: step, rolloutSeconds: step * 0.8, trainSeconds: step * 0.15 }));
    const res = await call('sim.calibrate', {
      pilot: { cluster: { gpus: 8, colocated: true } },
      rows,
      target: { steps: 200, cluster: { gpus: 32, colocated: true } },
    });
    expect(res.ok).toBe(true);
    if (res.ok) {
      const r = res.result as { parameters: { mfu: { fitted: boolean } }; projection: { steps: number; stepSeconds: { p10: number; p90: number } } };
      expect(r.parameters.mfu.fitted).toBe(true);
      expect(r.projection.steps).toBe(200);
      expect(r.projection.stepSeconds.p10).toBeLessThan(r.projection.stepSeconds.p90);
    }
    const negative = await call('sim.calibrate', { rows: [{ stepSeconds: -3 }] });
    expect(!negative.ok && negative.error.issues?.[0].path).toBe('rows[0].stepSeconds');
    const noFit = await call('sim.calibrate', { pilot: { model: { paramsB: 200 } }, rows });
    expect(!noFit.ok && noFit.error.issues?.[0].path).toBe('pilot.cluster.tensorParallel');
  });

  it('estimates analytically and lists the catalogue', async () => {
    const est = await call('sim.estimate', {});
    expect(est.ok && (est.result as { method: string }).method).toBe('analytic');
    const cat = await call('sim.catalogue', {});
    expect(cat.ok).toBe(true);
    if (cat.ok) {
      const c = cat.result as { gpus: { name: string; source: string }[] };
      expect(c.gpus.map((g) => g.name)).toEqual(['H100-SXM', 'H200', 'H20', 'H800', 'A100-80G', 'L40S']);
      for (const g of c.gpus) expect(g.source).toMatch(/^https:\/\//);
    }
  });

  it('sweeps one field and returns aligned curves; a bad value names its index', async () => {
    const res = await call('sim.sweep', { scenario: small, field: 'rollout.turns.median', values: [1, 2, 4], method: 'discrete-event' });
    expect(res.ok).toBe(true);
    if (res.ok) {
      const r = res.result as { curves: { stepMeanSeconds: number[]; generatedTokensPerStep: number[] }; points: unknown[] };
      expect(r.curves.stepMeanSeconds).toHaveLength(3);
      expect(r.points).toHaveLength(3);
      expect(r.curves.generatedTokensPerStep[2]).toBeGreaterThan(r.curves.generatedTokensPerStep[0]);
    }
    const bad = await call('sim.sweep', { scenario: small, field: 'rollout.turns.median', values: [2, 100], method: 'analytic' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.issues?.[0].path).toMatch(/^values\[1\]/);
  });
});

describe('sim.run on the worker pool', () => {
  const pool = createWorkerPool(new URL('../../build/node/worker.mjs', import.meta.url), 2);
  afterAll(() => pool.close());

  it('reports progress and returns the result', async () => {
    const progress: number[] = [];
    const res = await dispatch('sim.run', { steps: 30, promptsPerStep: 64 }, { host: 'test', tasks: pool, onProgress: (p) => progress.push(p.done) });
    expect(res.ok).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('can be cancelled', async () => {
    const ac = new AbortController();
    const pending = dispatch('sim.run', { steps: 5000, promptsPerStep: 256 }, { host: 'test', tasks: pool, signal: ac.signal, onProgress: () => ac.abort() });
    setTimeout(() => ac.abort(), 2000);
    const res = await pending;
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('cancelled');
  });
});
