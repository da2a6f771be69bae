// The metrics import worker: reads, tokenises and validates a pilot-metrics file off the
// UI thread, keeping the table so that a changed column mapping re-validates quickly.
import { buildSeries, guessMapping, tokenizeMetricsFile, tokenizePasted, withCandidateValues, type MetricsTable } from '../../../shared/model/metrics-import';
import type { Candidate } from '../../../shared/model/schema';
import type { FromWorker, ToWorker } from './protocol';

const scope = self as unknown as { postMessage(m: FromWorker): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
let table: MetricsTable | null = null;
let candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[] = [];

scope.onmessage = async (e) => {
  const msg = e.data;
  try {
    if (msg.type === 'parse') {
      candidates = msg.candidates;
      scope.postMessage({ type: 'progress', fraction: 0.02 });
      const text = await msg.file.text();
      // Tokenising is most of the work: it reports 5–85 %, validation the rest.
      let last = 0;
      const onProgress = (f: number) => {
        if (f - last < 0.05 && f < 1) return;
        last = f;
        scope.postMessage({ type: 'progress', fraction: 0.05 + 0.8 * f });
      };
      table = msg.pasted
        ? tokenizePasted(text, { delimiter: msg.delimiter })
        : tokenizeMetricsFile(msg.file.name, text, { delimiter: msg.delimiter, onProgress });
      const mapping = guessMapping(table, candidates);
      const result = buildSeries(table, mapping);
      scope.postMessage({
        type: 'parsed',
        table: { header: table.header, hasHeader: table.hasHeader, delimiter: table.delimiter, rowCount: table.rows.length, sample: table.rows.slice(0, 5) },
        mapping,
        result,
      });
    } else if (msg.type === 'map' && table) {
      const mapping = withCandidateValues(table, msg.mapping, candidates);
      scope.postMessage({ type: 'built', mapping, result: buildSeries(table, mapping) });
    }
  } catch (err) {
    scope.postMessage({ type: 'failed', message: (err as Error).message });
  }
};
