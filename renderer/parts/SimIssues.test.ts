import { describe, expect, it } from 'vitest';
import { fittingTp, issueField } from './SimIssues';

describe('a refusal points at the scenario field to change', () => {
  it('whatever request it came from: a run, a calibration’s pilot or target, a sweep point', () => {
    expect(issueField({ path: 'cluster.tensorParallel' })).toBe('cluster.tensorParallel');
    expect(issueField({ path: 'pilot.cluster.tensorParallel' })).toBe('cluster.tensorParallel');
    expect(issueField({ path: 'target.model.paramsB' })).toBe('model.paramsB');
    expect(issueField({ path: 'values[3].cluster.tensorParallel' })).toBe('cluster.tensorParallel');
    expect(issueField({ path: 'values[0] (rollout.turns.median): rollout.turns.p99' })).toBe('rollout.turns.p99');
    expect(issueField({ path: 'rows' })).toBe('rows');
  });

  it('offers a tensor-parallel degree only when the engine named one', () => {
    expect(fittingTp({ path: 'x', message: '', params: { fitTp: 4 } })).toBe(4);
    expect(fittingTp({ path: 'x', message: '', params: { fitTp: 0 } })).toBe(0);
    expect(fittingTp({ path: 'x', message: '' })).toBe(0);
  });
});
