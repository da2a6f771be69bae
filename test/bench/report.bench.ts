import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createService } from '../../electron/service';
import { findChromium } from '../../electron/service/pdf';
import { renderReport } from '../../electron/report/render';
import { fullWorkshop } from '../fixtures/fullWorkshop';
import { percentile, timeRuns, type BenchResult, type BenchSuite } from './types';

/**
 * Report rendering of a large workshop: 15 participants × 10 candidates × 12 criteria,
 * with pilot metrics (40 series of 500 points) and a cost-simulation result per candidate.
 * `report.html.large` is the whole `report.render` call as a host serves it (validation,
 * analysis incl. SMAA, HTML); `report.pdf.large` adds printing through the local Chromium.
 */
/** CPU seconds used by finished child processes (Linux /proc; null elsewhere): Chromium's own cost, whatever the machine's load. */
function childCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const suite: BenchSuite = async (log) => {
  log(`machine load average (1 min): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs — wall times inflate when it exceeds the CPU count`);
  const doc = fullWorkshop({ participants: 15, candidates: 10, criteria: 12, metricPoints: 500 });
  const service = createService({ host: 'test' });
  const results: BenchResult[] = [];
  try {
    const html = await timeRuns(() => service.call('report.render', { workshop: doc, format: 'html' }), 20, 3);
    const size = ((await renderReport(doc, { format: 'html' })).content.length / 1024).toFixed(0);
    log(`html: median ${percentile(html, 50).toFixed(1)} ms, p90 ${percentile(html, 90).toFixed(1)} ms, ${size} KiB`);
    results.push({ name: 'report.html.large', value: percentile(html, 50), unit: 'ms', target: 300, better: 'lower' });

    if (findChromium()) {
      const cpu0 = childCpuSeconds();
      const pdf = await timeRuns(() => service.call('report.render', { workshop: doc, format: 'pdf' }), 3, 1);
      const cpu1 = childCpuSeconds();
      const cpu = cpu0 !== null && cpu1 !== null ? `, Chromium CPU ${((cpu1 - cpu0) / 4).toFixed(1)} s per PDF` : '';
      log(`pdf: median ${percentile(pdf, 50).toFixed(0)} ms (Chromium ${findChromium()}${cpu}); load average now ${loadavg()[0].toFixed(1)}`);
      results.push({ name: 'report.pdf.large', value: percentile(pdf, 50), unit: 'ms', target: 5000, better: 'lower' });
    } else {
      log('pdf: skipped — no Chromium on this machine (set CHROMIUM_PATH)');
    }
  } finally {
    await service.close();
  }
  return results;
};

export default suite;
