import type { Migration } from './types';

/**
 * Weights with provenance, results kept when stale.
 * - `weighting.provenance`: where the weights in force came from — the method recorded so far
 *   (AHP, rank order, otherwise the starting weights with the accepted rules), the accepted
 *   rules, the rank order. What the source gave at the time (`basis`) was never recorded: it
 *   stays empty and is taken from the document at the next upstream change.
 * - `simulations[].resultScenario`: until now a result was dropped with every scenario edit, so
 *   an attached result always belongs to the scenario stored beside it.
 * Pure on plain JSON (no schema imports); anything of an unexpected shape is left for the
 * schema to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);

export const weightsProvenance: Migration = {
  summary: 'Weights record where they came from; a simulation result records the scenario it was computed from.',
  up(doc) {
    const out: Record<string, unknown> = { ...doc };
    const weighting = isObject(doc.weighting) ? doc.weighting : {};
    const method = weighting.method;
    const source = method === 'ahp' ? 'ahp' : method === 'rank' ? 'rank' : 'adapted';
    const adaptation = isObject(doc.adaptation) ? doc.adaptation : {};
    const accepted = Array.isArray(adaptation.decisions)
      ? adaptation.decisions.filter((d) => isObject(d) && d.status === 'accepted' && typeof d.ruleId === 'string').map((d) => (d as { ruleId: string }).ruleId)
      : [];
    if (!('provenance' in weighting)) {
      out.weighting = {
        ...weighting,
        provenance: {
          source,
          adoptedAt: '',
          rules: source === 'adapted' ? accepted : [],
          judges: [],
          order: source === 'rank' ? strings(weighting.rankOrder) : [],
          scenarioId: '',
          basis: {},
          handEdited: [],
          kept: [],
        },
      };
    }
    if (Array.isArray(doc.simulations)) {
      out.simulations = doc.simulations.map((s) =>
        isObject(s) && !('resultScenario' in s) ? { ...s, resultScenario: isObject(s.result) && isObject(s.scenario) ? s.scenario : null } : s,
      );
    }
    return out;
  },
};
