import { createSampleWorkshop, importCanary, importMetrics, readCanaryMetrics, reviewDecision, updateDecision, type WorkshopDoc } from '../../shared/model';
import { percentile, timeRuns, type BenchSuite } from './types';

/**
 * The decision's review on a production-sized export: 100,000 canary rows (CSV, six columns)
 * read with the step 4 importer, stored against the decision, and the assumptions board, the
 * standing and the diff since the decision computed — what `workshop.review` and step 6 do.
 */
const ROWS = 100_000;

export function canaryCsv(rows = ROWS): string {
  const lines = ['step,iterations_per_hour,success_rate,monthly_cost,rollout_steps,throughput_demand'];
  for (let i = 0; i < rows; i++) {
    const w = Math.sin(i * 0.37);
    lines.push(
      `${i + 1},${(100 + 6 * w).toFixed(1)},${(0.62 + 0.03 * w).toFixed(3)},${(31000 + 900 * w).toFixed(0)},${(40 + 8 * w).toFixed(0)},${(90 + 15 * w).toFixed(1)}`,
    );
  }
  return lines.join('\n') + '\n';
}

function decided(): WorkshopDoc {
  const at = '2026-03-01T09:00:00.000Z';
  const pilot = ['managed', 'hybrid', 'self-built'].map((id, k) => ({
    candidateId: id,
    metric: 'iteration-speed' as const,
    bucket: '' as const,
    points: Array.from({ length: 200 }, (_, i) => [i + 1, 95 + 5 * k] as [number, number]),
  }));
  const doc = importMetrics(createSampleWorkshop('en', at, 'bench'), pilot, { file: 'pilot.csv', importedAt: at, rows: 600 });
  return updateDecision(doc, { candidateId: 'managed' }, at);
}

const suite: BenchSuite = async (log) => {
  const text = canaryCsv();
  const doc = decided();
  let assumptions = 0;
  const times = await timeRuns(
    () => {
      const read = readCanaryMetrics(doc, { name: 'canary.csv', text });
      const review = reviewDecision(importCanary(doc, read.series, { file: 'canary.csv', importedAt: '2026-03-02T09:00:00.000Z', rows: read.rowsUsed }));
      assumptions = review.assumptions.filter((a) => a.status !== 'unobserved').length;
    },
    5,
    1,
  );
  log(
    `${ROWS.toLocaleString('en')} rows, ${(text.length / 1e6).toFixed(1)} MB; ${assumptions} assumptions observed; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  return [{ name: 'review.100k-rows.ms', value: percentile(times, 50), unit: 'ms', target: 1500, better: 'lower' }];
};

export default suite;
