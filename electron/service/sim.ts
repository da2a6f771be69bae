import { ContractError, issuesFromZod } from '../../shared/contract/errors';
import { SimScenarioSchema, simDefaults, type SimResult, type SimScenarioParsed, type SimSweepResult } from '../../shared/cost/schema';
import type { simMethods } from '../../shared/contract/sim';
import { estimateScenario } from '../costsim/analytic';
import { gpuCatalogue } from '../costsim/gpus';
import { compareReferences, referenceScenarios } from '../costsim/references';
import { resolveScenario } from '../costsim/scenario';
import { setField, sweepCurves } from '../costsim/sweep';
import { asContractError } from '../costsim/task';
import type { HandlersFor } from './context';

/** Resolves (and so validates the physics of) a scenario inline, before any worker is busy. */
function checkScenario(s: SimScenarioParsed, prefix = ''): void {
  try {
    resolveScenario(s);
  } catch (err) {
    const e = asContractError(err);
    if (e instanceof ContractError && prefix) {
      const issues = (e.issues ?? []).map((i) => ({ ...i, path: `${prefix}.${i.path}` }));
      throw new ContractError(e.code, e.message, issues);
    }
    throw e;
  }
}

export const simHandlers: HandlersFor<typeof simMethods> = {
  'sim.run': async (req, ctx) => {
    checkScenario(req);
    const [result] = await ctx.tasks.run('simRun', [req], { signal: ctx.signal, onProgress: (d) => ctx.progress({ done: d, stage: 'simulating' }) });
    return result;
  },

  'sim.estimate': (req) => {
    checkScenario(req);
    try {
      return estimateScenario(req);
    } catch (err) {
      throw asContractError(err);
    }
  },

  'sim.sweep': async (req, ctx) => {
    // One validated scenario per value; a value that breaks the scenario is reported with its index.
    const points: SimScenarioParsed[] = req.values.map((v, i) => {
      const parsed = SimScenarioSchema.safeParse(setField(req.scenario, req.field, v));
      if (!parsed.success) {
        const issues = issuesFromZod(parsed.error).map((x) => ({ ...x, path: `values[${i}] (${req.field}): ${x.path}` }));
        throw new ContractError('invalid_request', `Invalid sweep value values[${i}] = ${v}: ${issues[0]?.message ?? 'invalid'}`, issues);
      }
      checkScenario(parsed.data, `values[${i}]`);
      return parsed.data;
    });
    let results: SimResult[];
    if (req.method === 'analytic') results = points.map((p) => estimateScenario(p));
    else results = await ctx.tasks.run('simRun', points, { signal: ctx.signal, onProgress: (d) => ctx.progress({ done: d, stage: 'sweeping' }) });
    const out: SimSweepResult = {
      field: req.field,
      values: req.values,
      curves: sweepCurves(
        results,
        points.map((p) => p.steps),
      ),
      points: results,
    };
    return out;
  },

  'sim.calibrate': async (req, ctx) => {
    checkScenario(req.pilot, 'pilot');
    checkScenario(req.target, 'target');
    const [result] = await ctx.tasks.run('simCalibrate', [req], { signal: ctx.signal, onProgress: (d) => ctx.progress({ done: d, stage: 'calibrating' }) });
    return result;
  },

  'sim.references': async (_req, ctx) => {
    const runs = referenceScenarios().map((r) => r.scenario);
    const results = await ctx.tasks.run('simRun', runs, { signal: ctx.signal, onProgress: (d) => ctx.progress({ done: d, stage: 'simulating' }) });
    return compareReferences(results);
  },

  'sim.catalogue': () => ({ gpus: gpuCatalogue(), currency: 'USD' as const, defaults: simDefaults }),
};
