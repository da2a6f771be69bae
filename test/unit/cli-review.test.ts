import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createSampleWorkshop, importMetrics, updateDecision, type WorkshopDoc } from '../../shared/model';

// `workshop.review` as a scheduled job runs it: the built CLI, the workshop and exported canary metrics in, the board out.
const cli = path.resolve('build/node/cli.mjs');
const review = (request: unknown) =>
  spawnSync(process.execPath, [cli, 'workshop.review'], { input: JSON.stringify(request), encoding: 'utf8', timeout: 20_000 });

const NOW = '2026-03-01T09:00:00.000Z';
/** The sample workshop with a pilot of the managed platform (100 iterations per hour, 60 % success), decided for it. */
function decided(): WorkshopDoc {
  const pilot = (metric: 'iteration-speed' | 'success-rate', ys: number[]) => ({
    candidateId: 'managed',
    metric,
    bucket: '' as const,
    points: ys.map((y, i) => [i + 1, y] as [number, number]),
  });
  const doc = importMetrics(createSampleWorkshop('en', NOW, 'w1'), [pilot('iteration-speed', [100, 100]), pilot('success-rate', [0.6, 0.6])], {
    file: 'pilot.csv',
    importedAt: NOW,
    rows: 2,
  });
  return updateDecision(doc, { candidateId: 'managed', decidedAt: '2026-03-02' }, NOW);
}

describe('workshop.review on the command line', () => {
  it('exit code 0 when every assumption holds; the board, the standing and the diff on stdout', () => {
    const csv = 'step,iterations_per_hour,success_rate,monthly_cost,rollout_steps\n1,104,0.62,30000,38\n2,100,0.64,32000,40\n';
    const r = review({ workshop: decided(), metrics: { name: 'canary.csv', text: csv } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    const byId = Object.fromEntries(out.assumptions.map((a: { id: string }) => [a.id, a]));
    expect(byId.throughput).toMatchObject({ source: 'pilot', metric: 'iteration-speed', expected: { min: 100, max: null }, observed: 102, status: 'holding' });
    expect(byId['success-rate']).toMatchObject({ source: 'pilot', expected: { min: 0.6, max: null }, status: 'holding' });
    expect(byId['monthly-cost']).toMatchObject({ expected: { min: null, max: 50_000 }, observed: 31_000, status: 'holding' });
    expect(byId['rollout-length']).toMatchObject({
      dimension: 'mismatch-control',
      expected: { min: null, max: 40 },
      observed: 39,
      status: 'holding',
      interplay: null,
    });
    expect(typeof out.stillWins).toBe('boolean');
    expect(typeof out.margin).toBe('number');
    expect(out.changedSinceDecision).toBe(false);
  });

  it('exit code 3 when an assumption is broken (JSON Lines), still answering in full', () => {
    const jsonl = ['{"step":1,"iterations_per_hour":70,"rollout_steps":60}', '{"step":2,"iterations_per_hour":72,"rollout_steps":64}'].join('\n');
    const r = review({ workshop: decided(), metrics: { name: 'canary.jsonl', text: jsonl } });
    expect(r.status).toBe(3);
    const out = JSON.parse(r.stdout);
    const throughput = out.assumptions.find((a: { id: string }) => a.id === 'throughput');
    expect(throughput).toMatchObject({ observed: 71, status: 'broken' });
    const rollout = out.assumptions.find((a: { id: string }) => a.id === 'rollout-length');
    expect(rollout.status).toBe('broken');
    expect(rollout.interplay.words['zh-CN']).toBe('更长的上下文会加剧失配风险');
  });

  it('drifting alone exits 0; the stored canary is used when no metrics are sent', () => {
    const csv = 'step,iterations_per_hour\n1,95\n';
    const drifting = review({ workshop: decided(), metrics: { name: 'c.csv', text: csv } });
    expect(drifting.status).toBe(0);
    expect(JSON.parse(drifting.stdout).assumptions.find((a: { id: string }) => a.id === 'throughput').status).toBe('drifting');
    const r = review({ workshop: decided() });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).assumptions.every((a: { status: string }) => a.status === 'unobserved')).toBe(true);
  });

  it('refuses, exit code 2: a decision without a snapshot, two columns for one measure, an unreadable file', () => {
    const old = decided();
    const noSnapshot = review({ workshop: { ...old, decision: { ...old.decision, snapshot: null } } });
    expect(noSnapshot.status).toBe(2);
    expect(JSON.parse(noSnapshot.stderr)).toMatchObject({ code: 'invalid_request', issues: [{ code: 'no_snapshot' }] });
    const both = review({ workshop: decided(), metrics: { name: 'c.csv', text: 'step,iterations_per_hour,step_seconds\n1,100,36\n' } });
    expect(both.status).toBe(2);
    expect(JSON.parse(both.stderr).issues[0]).toMatchObject({ code: 'duplicate_measure', params: { columns: 'iterations_per_hour, step_seconds' } });
    const kept = review({
      workshop: decided(),
      metrics: { name: 'c.csv', text: 'step,iterations_per_hour,step_seconds\n1,100,36\n', roles: { step_seconds: 'ignore' } },
    });
    expect(kept.status).toBe(0);
    const bad = review({ workshop: decided(), metrics: { name: 'c.json', text: '{ nope' } });
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stderr).issues[0].code).toBe('invalid-json');
  });
});
