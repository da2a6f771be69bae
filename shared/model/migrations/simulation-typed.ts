import type { Migration } from './types';

type Json = Record<string, unknown>;
const isPlain = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The longest JSON text this step keeps of a value it moves aside (frozen with the step). */
const KEEP_CHARS = 90_000;

/** JSON text of `value` to keep, or a note saying why it was not kept. */
function keep(what: string, value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify({ [what]: value });
  } catch {
    return `{"${what}":"(not kept: not JSON data)"}`;
  }
  return text.length <= KEEP_CHARS ? text : `{"${what}":"(not kept: ${text.length} characters, more than ${KEEP_CHARS})"}`;
}

/**
 * Simulations: `scenario` and `result` were any JSON object; from this version they are
 * typed by the simulator's own schemas. A simulation whose scenario or result is not even
 * an object (a list, a string, a number…) has it moved, as JSON text, into the new
 * `legacy` field — the scenario starts again from the candidate's defaults and the result
 * is detached (it is re-run from the scenario). Objects are left for the loader's check
 * against the simulator's schemas (migrate.ts `salvageSimulations`), which does the same
 * for any that no longer fit. Every simulation gets `legacy` ('' when nothing was moved).
 */
export const simulationTyped: Migration = {
  summary: 'Simulations: scenario and result typed by the simulator; anything else stored there is kept as JSON text in `legacy`.',
  up(doc) {
    if (!Array.isArray(doc.simulations)) return doc;
    const simulations = doc.simulations.map((sim: unknown) => {
      if (!isPlain(sim)) return sim;
      const moved: string[] = [];
      const next: Json = { ...sim };
      if (!isPlain(sim.scenario)) {
        moved.push(keep('scenario', sim.scenario));
        next.scenario = {};
      }
      if (sim.result !== null && sim.result !== undefined && !isPlain(sim.result)) {
        moved.push(keep('result', sim.result));
        next.result = null;
        next.ranAt = '';
      }
      next.legacy = moved.join('\n');
      return next;
    });
    return { ...doc, simulations };
  },
};
