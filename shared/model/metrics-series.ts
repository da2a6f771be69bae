import { MAX_PILOT_GPU_CHANGES, type MetricSeries } from './schema';
import type { GpuName } from '../contract/sim';
import {
  parseBucket,
  parseGpuType,
  parseNumber,
  type Bucket,
  type ColumnMapping,
  type ColumnRole,
  type FileError,
  type MetricsTable,
  type RowError,
  type RowErrorCode,
} from './metrics-parse';

/**
 * Pilot metrics import, part 2 — building series: a table parsed by `metrics-parse.ts` and its
 * column mapping → metric series per candidate, or row-level errors that say which row, which
 * column and why.
 */

export interface ImportedSeries {
  candidateId: string;
  metric: MetricSeries['metric'];
  bucket: Bucket;
  /** Points sorted by x; at most `maxPoints` (longer series are averaged in buckets). */
  points: [number, number][];
  /** Rows that fed the series before reduction. */
  rows: number;
  /** Rate values were given as 0–100 and were divided by 100. */
  percent: boolean;
}

/** A candidate's pilot configuration read from the `gpus` / `gpu-type` columns (the last step's GPU count, the last row's GPU type). */
export interface ImportedPilot {
  candidateId: string;
  gpus: number | null;
  gpu: GpuName | null;
  /** When the GPU count changed between rows: [first step, GPUs] from each change on, sorted by step (else empty). */
  gpusFrom: [number, number][];
}

/**
 * Two or more columns mapped to one measure (e.g. `iterations_per_hour` as iteration speed and
 * `step_seconds`, which is converted to it). They are never merged: averaging two differently
 * measured columns gives a level neither has. The measure is left out of the import until the
 * team keeps one column (maps the others to `ignore`); each column's rows and mean (in the
 * measure's unit, over every candidate) show what keeping it would import.
 */
export interface DuplicateMeasure {
  metric: MetricSeries['metric'];
  /** The horizon the columns name (success rate per horizon), or '' when the rows' horizon decides. */
  bucket: Bucket;
  columns: { index: number; column: string; role: ColumnRole; rows: number; mean: number | null }[];
}

export interface BuildResult {
  series: ImportedSeries[];
  /** Measures fed by more than one column: left out of `series` until the team keeps one. */
  duplicates: DuplicateMeasure[];
  /** Pilot configurations per candidate (empty when no such column is mapped). */
  pilots: ImportedPilot[];
  /** The first `maxErrors` row errors, in file order. */
  errors: RowError[];
  /** Problems found, and the distinct data rows they are in (a row can have several). */
  errorCount: number;
  errorRows: number;
  fileErrors: FileError[];
  /** Data rows that contributed at least one value. */
  rowsUsed: number;
}

/** Points kept per stored series: enough for any chart, small enough to autosave and reload quickly. */
export const MAX_STORED_POINTS = 1000;
const MAX_SERIES = 500;

// ---------------------------------------------------------------------------------------------
// Building series

const RATE_ROLES = new Set<ColumnRole>(['success-rate', 'success-short', 'success-medium', 'success-long', 'utilization']);
const BUCKET_OF: Partial<Record<ColumnRole, Bucket>> = { 'success-short': 'short', 'success-medium': 'medium', 'success-long': 'long' };
const METRIC_OF: Partial<Record<ColumnRole, MetricSeries['metric']>> = {
  reward: 'reward',
  'iteration-speed': 'iteration-speed',
  'step-seconds': 'iteration-speed',
  'success-rate': 'success-rate',
  'success-short': 'success-rate',
  'success-medium': 'success-rate',
  'success-long': 'success-rate',
  utilization: 'utilization',
  'rollout-seconds': 'rollout-seconds',
  'train-seconds': 'train-seconds',
  'tokens-per-second': 'tokens-per-second',
  'monthly-cost': 'monthly-cost',
  'rollout-steps': 'rollout-steps',
  'throughput-demand': 'throughput-demand',
};
/**
 * The columns of `roles` that feed the same measure, grouped (groups of one are left out). A
 * success-rate column read with the rows' horizon and a column of one horizon (success_long)
 * are meant to fill one series together, so they are not duplicates of each other.
 */
export function duplicateColumns(roles: readonly ColumnRole[]): { metric: MetricSeries['metric']; bucket: Bucket; columns: number[] }[] {
  const groups = new Map<string, { metric: MetricSeries['metric']; bucket: Bucket; columns: number[] }>();
  roles.forEach((role, i) => {
    const metric = METRIC_OF[role];
    if (!metric) return;
    const fixed = BUCKET_OF[role];
    const key = metric === 'success-rate' ? `${metric}|${fixed ?? '*'}` : metric;
    const g = groups.get(key);
    if (g) g.columns.push(i);
    else groups.set(key, { metric, bucket: fixed ?? '', columns: [i] });
  });
  return [...groups.values()].filter((g) => g.columns.length > 1);
}

const POSITIVE_ROLES = new Set<ColumnRole>(['rollout-seconds', 'train-seconds', 'tokens-per-second']);

interface Accumulator {
  candidateId: string;
  metric: MetricSeries['metric'];
  bucket: Bucket;
  xs: number[];
  ys: number[];
  rows: number[];
  column: string;
  rate: boolean;
}

/**
 * Validates every row under `mapping` and collects the series. Empty metric cells are
 * skipped (pilots log some metrics less often); anything else that is not a number is
 * a row error, and so is a row without its step, candidate or horizon. Rates given as
 * 0–100 (any value above 1 in the series) are read as percentages.
 */
export function buildSeries(table: MetricsTable, mapping: ColumnMapping, { maxPoints = MAX_STORED_POINTS, maxErrors = 200 } = {}): BuildResult {
  const fileErrors = [...table.fileErrors];
  const { roles } = mapping;
  const xCol = roles.indexOf('x');
  const candCol = roles.indexOf('candidate');
  const bucketCol = roles.indexOf('bucket');
  const metricCols = roles.map((r, i) => (METRIC_OF[r] ? i : -1)).filter((i) => i >= 0);
  const gpusCol = roles.indexOf('gpus');
  const gpuTypeCol = roles.indexOf('gpu-type');
  const pilots = new Map<string, ImportedPilot>();
  /** Per candidate, each row's (step, GPUs) and the file row it came from. */
  const rowGpus = new Map<string, { x: number; gpus: number; row: number }[]>();
  if (fileErrors.length === 0) {
    if (xCol < 0) fileErrors.push({ code: 'missing-x' });
    if (metricCols.length === 0) fileErrors.push({ code: 'missing-metric' });
    if (candCol < 0 && !mapping.fileCandidate) fileErrors.push({ code: 'missing-candidate' });
  }
  const errors: RowError[] = [];
  let errorCount = 0;
  const rowsWithErrors = new Set<number>();
  const report = (row: number, column: number, code: RowErrorCode, value: string) => {
    errorCount++;
    rowsWithErrors.add(row);
    if (errors.length < maxErrors) errors.push({ row, column: table.header[column] ?? `#${column + 1}`, code, value });
  };
  if (fileErrors.length) return { series: [], duplicates: [], pilots: [], errors, errorCount, errorRows: 0, fileErrors, rowsUsed: 0 };

  const decimalComma = table.delimiter !== ',' && table.delimiter !== '';
  const dupGroups = duplicateColumns(roles);
  const dupCol = new Set(dupGroups.flatMap((g) => g.columns));
  /** The values each duplicated column would import, kept apart (never merged into a series). */
  const dupAcc = new Map<number, Accumulator>();
  // Accumulators per candidate, indexed by column × bucket (no string keys in the hot loop).
  const acc = new Map<string, (Accumulator | undefined)[]>();
  const all: Accumulator[] = [];
  const bucketIndex: Record<Bucket, number> = { '': 0, short: 1, medium: 2, long: 3 };
  const firstRow = table.hasHeader ? 2 : 1;
  let rowsUsed = 0;
  const needed = Math.max(xCol, candCol, bucketCol, ...metricCols);
  const metricOf = roles.map((r) => METRIC_OF[r]);
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r];
    const rowNo = r + firstRow;
    if (row.length <= needed) {
      // Too few cells: name the first mapped column that is missing.
      const missing = [xCol, candCol, bucketCol, ...metricCols].filter((c) => c >= row.length).sort((a, b) => a - b)[0];
      report(rowNo, missing, 'missing-cell', '');
      continue;
    }
    const xCell = row[xCol];
    const x = parseNumber(xCell, decimalComma);
    if (x === null) {
      report(rowNo, xCol, xCell.trim() === '' ? 'missing-cell' : 'not-a-number', xCell);
      continue;
    }
    let candidateId = mapping.fileCandidate;
    if (candCol >= 0) {
      const raw = row[candCol];
      candidateId = mapping.candidateValues[raw] ?? mapping.candidateValues[raw.trim()] ?? '';
      if (!candidateId) {
        report(rowNo, candCol, raw.trim() ? 'unknown-candidate' : 'missing-cell', raw);
        continue;
      }
    }
    let rowBucket: Bucket = '';
    if (bucketCol >= 0 && row[bucketCol].trim() !== '') {
      const b = parseBucket(row[bucketCol]);
      if (!b) {
        report(rowNo, bucketCol, 'unknown-bucket', row[bucketCol]);
        continue;
      }
      rowBucket = b;
    }
    if (gpusCol >= 0 || gpuTypeCol >= 0) {
      const pilot = pilots.get(candidateId) ?? { candidateId, gpus: null, gpu: null, gpusFrom: [] };
      const gCell = gpusCol >= 0 ? (row[gpusCol] ?? '').trim() : '';
      if (gCell) {
        const g = parseNumber(gCell, decimalComma);
        if (g === null) report(rowNo, gpusCol, 'not-a-number', gCell);
        else if (!Number.isInteger(g) || g < 1 || g > 1_000_000) report(rowNo, gpusCol, 'out-of-range', gCell);
        else {
          pilot.gpus = g;
          let list = rowGpus.get(candidateId);
          if (!list) rowGpus.set(candidateId, (list = []));
          list.push({ x, gpus: g, row: rowNo });
        }
      }
      const tCell = gpuTypeCol >= 0 ? (row[gpuTypeCol] ?? '').trim() : '';
      if (tCell) {
        const gpu = parseGpuType(tCell);
        if (gpu) pilot.gpu = gpu;
        else report(rowNo, gpuTypeCol, 'unknown-gpu', tCell);
      }
      pilots.set(candidateId, pilot);
    }
    let slots = acc.get(candidateId);
    if (!slots) acc.set(candidateId, (slots = []));
    let used = false;
    for (const c of metricCols) {
      const cell = row[c];
      if (cell === '') continue;
      let y = parseNumber(cell, decimalComma);
      if (y === null) {
        if (cell.trim() !== '') report(rowNo, c, 'not-a-number', cell);
        continue;
      }
      const role = roles[c];
      // Speeds, durations and rates are never below zero (a reward may be).
      if (y < 0 && role !== 'reward') {
        report(rowNo, c, 'negative', cell);
        continue;
      }
      // A pilot's measured seconds and speeds are more than zero: the calibration divides by them.
      if (POSITIVE_ROLES.has(role) && y === 0) {
        report(rowNo, c, 'out-of-range', cell);
        continue;
      }
      if (role === 'step-seconds') {
        if (y === 0) {
          report(rowNo, c, 'out-of-range', cell);
          continue;
        }
        y = 3600 / y;
      }
      const metric = metricOf[c]!;
      const bucket: Bucket = metric === 'success-rate' ? (BUCKET_OF[role] ?? rowBucket) : '';
      if (dupCol.has(c)) {
        let d = dupAcc.get(c);
        if (!d) dupAcc.set(c, (d = { candidateId: '', metric, bucket, xs: [], ys: [], rows: [], column: table.header[c], rate: RATE_ROLES.has(role) }));
        d.xs.push(x);
        d.ys.push(y);
        d.rows.push(rowNo);
        continue;
      }
      const slot = c * 4 + bucketIndex[bucket];
      let a = slots[slot];
      if (!a) {
        // Two columns can feed one series (e.g. success-rate with a horizon column and success-long): share it.
        a = all.find((s) => s.candidateId === candidateId && s.metric === metric && s.bucket === bucket);
        if (!a) all.push((a = { candidateId, metric, bucket, xs: [], ys: [], rows: [], column: table.header[c], rate: RATE_ROLES.has(role) }));
        slots[slot] = a;
      }
      a.xs.push(x);
      a.ys.push(y);
      a.rows.push(rowNo);
      used = true;
    }
    if (used) rowsUsed++;
  }

  const series: ImportedSeries[] = [];
  for (const a of all) {
    const percent = readRates(a, (row, value) => report(row, table.header.indexOf(a.column), 'out-of-range', value));
    if (a.xs.length === 0) continue;
    series.push({ candidateId: a.candidateId, metric: a.metric, bucket: a.bucket, points: reduceSeries(a.xs, a.ys, maxPoints), rows: a.xs.length, percent });
  }
  const duplicates: DuplicateMeasure[] = dupGroups.map((g) => ({
    metric: g.metric,
    bucket: g.bucket,
    columns: g.columns.map((index) => {
      const d = dupAcc.get(index);
      // Out-of-range rates of a column not yet kept are reported once it is kept.
      if (d) readRates(d, () => undefined);
      const n = d ? d.ys.length : 0;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += d!.ys[i];
      return { index, column: table.header[index] ?? `#${index + 1}`, role: roles[index], rows: n, mean: n ? sum / n : null };
    }),
  }));
  if (series.length > MAX_SERIES)
    return {
      series: [],
      duplicates,
      pilots: [],
      errors,
      errorCount,
      errorRows: rowsWithErrors.size,
      fileErrors: [{ code: 'too-many-series', detail: String(series.length) }],
      rowsUsed: 0,
    };
  // GPU counts by step: the pilot's count from each change on (only when it changed).
  for (const [candidateId, list] of rowGpus) {
    list.sort((a, b) => a.x - b.x || a.row - b.row);
    const changes: [number, number][] = [];
    for (const r of list) {
      if (changes.length > 0 && changes[changes.length - 1][1] === r.gpus) continue;
      if (changes.length === MAX_PILOT_GPU_CHANGES) {
        report(r.row, gpusCol, 'out-of-range', String(r.gpus));
        continue;
      }
      changes.push([r.x, r.gpus]);
    }
    const pilot = pilots.get(candidateId)!;
    pilot.gpusFrom = changes.length > 1 ? changes : [];
    // The configuration's count is the last step's.
    pilot.gpus = list[list.length - 1].gpus;
  }
  errors.sort((p, q) => p.row - q.row);
  const pilotList = [...pilots.values()].filter((p) => p.gpus !== null || p.gpu !== null);
  return { series, duplicates, pilots: pilotList, errors, errorCount, errorRows: rowsWithErrors.size, fileErrors: [], rowsUsed };
}

/**
 * A rate series given as 0–100 (any value above 1) is read as percentages; values outside
 * 0–100 % are reported (`outOfRange`) and dropped. Rewrites `a` in place; true when read as percent.
 */
function readRates(a: Accumulator, outOfRange: (row: number, value: string) => void): boolean {
  if (!a.rate) return false;
  let top = -Infinity;
  let bottom = Infinity;
  for (const y of a.ys) {
    if (y > top) top = y;
    if (y < bottom) bottom = y;
  }
  const percent = top > 1;
  const scale = percent ? 0.01 : 1;
  if (bottom < 0 || top * scale > 1) {
    const keep: number[] = [];
    a.ys.forEach((y, i) => {
      const v = y * scale;
      if (v < 0 || v > 1) outOfRange(a.rows[i], String(y));
      else keep.push(i);
    });
    a.xs = keep.map((i) => a.xs[i]);
    a.ys = keep.map((i) => a.ys[i]);
  }
  if (percent) for (let i = 0; i < a.ys.length; i++) a.ys[i] *= scale;
  return percent;
}

/**
 * Sorts by x and, when longer than `maxPoints`, averages consecutive points in equal
 * buckets (x and y alike). Averaging keeps each stretch's level, so means taken from
 * the stored series (the suggested scores) match the full data; peaks of single steps
 * are smoothed, as a training-curve plot would smooth them anyway.
 */
export function reduceSeries(xs: number[], ys: number[], maxPoints: number): [number, number][] {
  let sorted = true;
  for (let i = 1; i < xs.length && sorted; i++) if (xs[i] < xs[i - 1]) sorted = false;
  if (!sorted) {
    const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b] || a - b);
    xs = order.map((i) => xs[i]);
    ys = order.map((i) => ys[i]);
  }
  const n = xs.length;
  if (n <= maxPoints) return xs.map((x, i) => [x, ys[i]]);
  const out: [number, number][] = new Array(maxPoints);
  for (let b = 0; b < maxPoints; b++) {
    const lo = Math.floor((b * n) / maxPoints);
    const hi = Math.floor(((b + 1) * n) / maxPoints);
    let sx = 0;
    let sy = 0;
    for (let k = lo; k < hi; k++) {
      sx += xs[k];
      sy += ys[k];
    }
    out[b] = [sx / (hi - lo), sy / (hi - lo)];
  }
  return out;
}
