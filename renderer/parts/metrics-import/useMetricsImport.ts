import { useEffect, useRef, useState } from 'react';
import type { BuildResult, Candidate, ColumnMapping } from '../../../shared/model';
import type { FromWorker, TableSummary, ToWorker } from './protocol';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'reading'; file: string; fraction: number }
  | { phase: 'preview'; file: string; table: TableSummary; mapping: ColumnMapping; result: BuildResult; busy: boolean }
  | { phase: 'failed'; file: string; message: string };

/**
 * One metrics import at a time, in a Web Worker: `start(file)` reads and validates it
 * with progress (`pasted`: the file holds cells pasted from a spreadsheet), `remap()` re-validates under another column mapping, `reset()` ends it.
 */
export function useMetricsImport() {
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const worker = useRef<Worker | null>(null);
  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => stop, []);

  const start = (file: File, delimiter: string, candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[], pasted = false) => {
    stop();
    const w = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'metrics-import' });
    worker.current = w;
    setState({ phase: 'reading', file: file.name, fraction: 0 });
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      if (worker.current !== w) return;
      const m = e.data;
      if (m.type === 'progress') setState((s) => (s.phase === 'reading' ? { ...s, fraction: m.fraction } : s));
      else if (m.type === 'parsed') setState({ phase: 'preview', file: file.name, table: m.table, mapping: m.mapping, result: m.result, busy: false });
      else if (m.type === 'built') setState((s) => (s.phase === 'preview' ? { ...s, mapping: m.mapping, result: m.result, busy: false } : s));
      else if (m.type === 'failed') setState({ phase: 'failed', file: file.name, message: m.message });
    };
    w.onerror = (e) => {
      if (worker.current === w) setState({ phase: 'failed', file: file.name, message: e.message || 'worker error' });
    };
    w.postMessage({ type: 'parse', file, pasted, delimiter, candidates } satisfies ToWorker);
  };

  const remap = (mapping: ColumnMapping) => {
    if (!worker.current) return;
    setState((s) => (s.phase === 'preview' ? { ...s, mapping, busy: true } : s));
    worker.current.postMessage({ type: 'map', mapping } satisfies ToWorker);
  };

  const reset = () => {
    stop();
    setState({ phase: 'idle' });
  };

  return { state, start, remap, reset };
}
