import { MAX_PILOT_GPU_CHANGES, type MetricSeries } from './schema';
import type { GpuName } from '../cost/schema';
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
/** Where each mapped role is among the table's columns (-1: not mapped). */
function columnsOf(roles: readonly ColumnRole[]) {
  const xCol = roles.indexOf('x');
  const candCol = roles.indexOf('candidate');
  const bucketCol = roles.indexOf('bucket');
  const metricCols = roles.map((r, i) => (METRIC_OF[r] ? i : -1)).filter((i) => i >= 0);
  /** The last column a row must reach. */
  const needed = Math.max(xCol, candCol, bucketCol, ...metricCols);
  return { xCol, candCol, bucketCol, metricCols, needed, gpusCol: roles.indexOf('gpus'), gpuTypeCol: roles.indexOf('gpu-type') };
}
type Columns = ReturnType<typeof columnsOf>;

/** The row errors found: the first `maxErrors` kept, all counted, and the rows they are in. */
function errorLog(header: readonly string[], maxErrors: number) {
  const errors: RowError[] = [];
  const rows = new Set<number>();
  const log = {
    errors,
    count: 0,
    rows,
    report(row: number, column: number, code: RowErrorCode, value: string) {
      log.count++;
      rows.add(row);
      if (errors.length < maxErrors) errors.push({ row, column: header[column] ?? `#${column + 1}`, code, value });
    },
  };
  return log;
}
type ErrorLog = ReturnType<typeof errorLog>;

/** What the rows read so far hold: series being built, duplicated columns' values, pilots, GPU counts by step. */
interface Reading {
  table: MetricsTable;
  mapping: ColumnMapping;
  cols: Columns;
  log: ErrorLog;
  decimalComma: boolean;
  dupCol: Set<number>;
  /** The values each duplicated column would import, kept apart (never merged into a series). */
  dupAcc: Map<number, Accumulator>;
  /** Accumulators per candidate, indexed by column × bucket (no string keys in the hot loop). */
  acc: Map<string, (Accumulator | undefined)[]>;
  all: Accumulator[];
  pilots: Map<string, ImportedPilot>;
  /** Per candidate, each row's (step, GPUs) and the file row it came from. */
  rowGpus: Map<string, { x: number; gpus: number; row: number }[]>;
  metricOf: (MetricSeries['metric'] | undefined)[];
}

const BUCKET_INDEX: Record<Bucket, number> = { '': 0, short: 1, medium: 2, long: 3 };

/** A row's step, candidate and horizon, or null when one of them is missing or wrong (reported). */
function rowKey(rd: Reading, row: string[], rowNo: number): { x: number; candidateId: string; rowBucket: Bucket } | null {
  const { xCol, candCol, bucketCol, metricCols } = rd.cols;
  if (row.length <= rd.cols.needed) {
    // Too few cells: name the first mapped column that is missing.
    const missing = [xCol, candCol, bucketCol, ...metricCols].filter((c) => c >= row.length).sort((a, b) => a - b)[0];
    rd.log.report(rowNo, missing, 'missing-cell', '');
    return null;
  }
  const xCell = row[xCol];
  const x = parseNumber(xCell, rd.decimalComma);
  if (x === null) {
    rd.log.report(rowNo, xCol, xCell.trim() === '' ? 'missing-cell' : 'not-a-number', xCell);
    return null;
  }
  let candidateId = rd.mapping.fileCandidate;
  if (candCol >= 0) {
    const raw = row[candCol];
    candidateId = rd.mapping.candidateValues[raw] ?? rd.mapping.candidateValues[raw.trim()] ?? '';
    if (!candidateId) {
      rd.log.report(rowNo, candCol, raw.trim() ? 'unknown-candidate' : 'missing-cell', raw);
      return null;
    }
  }
  let rowBucket: Bucket = '';
  if (bucketCol >= 0 && row[bucketCol].trim() !== '') {
    const b = parseBucket(row[bucketCol]);
    if (!b) {
      rd.log.report(rowNo, bucketCol, 'unknown-bucket', row[bucketCol]);
      return null;
    }
    rowBucket = b;
  }
  return { x, candidateId, rowBucket };
}

/** A row's pilot configuration cells (GPU count, GPU type), if mapped. */
function readPilotCells(rd: Reading, row: string[], rowNo: number, x: number, candidateId: string) {
  const { gpusCol, gpuTypeCol } = rd.cols;
  if (gpusCol < 0 && gpuTypeCol < 0) return;
  const pilot = rd.pilots.get(candidateId) ?? { candidateId, gpus: null, gpu: null, gpusFrom: [] };
  const gCell = gpusCol >= 0 ? (row[gpusCol] ?? '').trim() : '';
  if (gCell) {
    const g = parseNumber(gCell, rd.decimalComma);
    if (g === null) rd.log.report(rowNo, gpusCol, 'not-a-number', gCell);
    else if (!Number.isInteger(g) || g < 1 || g > 1_000_000) rd.log.report(rowNo, gpusCol, 'out-of-range', gCell);
    else {
      pilot.gpus = g;
      let list = rd.rowGpus.get(candidateId);
      if (!list) rd.rowGpus.set(candidateId, (list = []));
      list.push({ x, gpus: g, row: rowNo });
    }
  }
  const tCell = gpuTypeCol >= 0 ? (row[gpuTypeCol] ?? '').trim() : '';
  if (tCell) {
    const gpu = parseGpuType(tCell);
    if (gpu) pilot.gpu = gpu;
    else rd.log.report(rowNo, gpuTypeCol, 'unknown-gpu', tCell);
  }
  rd.pilots.set(candidateId, pilot);
}

/** A metric cell's value as stored (step seconds as steps per hour), or null when it is empty or wrong (reported). */
function metricValue(rd: Reading, cell: string, role: ColumnRole, rowNo: number, c: number): number | null {
  if (cell === '') return null;
  const y = parseNumber(cell, rd.decimalComma);
  if (y === null) {
    if (cell.trim() !== '') rd.log.report(rowNo, c, 'not-a-number', cell);
    return null;
  }
  // Speeds, durations and rates are never below zero (a reward may be).
  if (y < 0 && role !== 'reward') {
    rd.log.report(rowNo, c, 'negative', cell);
    return null;
  }
  // A pilot's measured seconds and speeds are more than zero: the calibration divides by them.
  // (A step of zero seconds would be an infinite speed.)
  if ((POSITIVE_ROLES.has(role) || role === 'step-seconds') && y === 0) {
    rd.log.report(rowNo, c, 'out-of-range', cell);
    return null;
  }
  return role === 'step-seconds' ? 3600 / y : y;
}

/** A row's metric cells, each into its series (or its duplicated column's values); true when one was used. */
function readMetricCells(rd: Reading, row: string[], rowNo: number, key: { x: number; candidateId: string; rowBucket: Bucket }): boolean {
  const { table, mapping } = rd;
  const { x, candidateId, rowBucket } = key;
  let slots = rd.acc.get(candidateId);
  if (!slots) rd.acc.set(candidateId, (slots = []));
  let used = false;
  for (const c of rd.cols.metricCols) {
    const role = mapping.roles[c];
    const y = metricValue(rd, row[c], role, rowNo, c);
    if (y === null) continue;
    const metric = rd.metricOf[c]!;
    const bucket: Bucket = metric === 'success-rate' ? (BUCKET_OF[role] ?? rowBucket) : '';
    let a: Accumulator | undefined;
    if (rd.dupCol.has(c)) {
      a = rd.dupAcc.get(c);
      if (!a) rd.dupAcc.set(c, (a = { candidateId: '', metric, bucket, xs: [], ys: [], rows: [], column: table.header[c], rate: RATE_ROLES.has(role) }));
    } else {
      const slot = c * 4 + BUCKET_INDEX[bucket];
      a = slots[slot];
      if (!a) {
        // Two columns can feed one series (e.g. success-rate with a horizon column and success-long): share it.
        a = rd.all.find((s) => s.candidateId === candidateId && s.metric === metric && s.bucket === bucket);
        if (!a) rd.all.push((a = { candidateId, metric, bucket, xs: [], ys: [], rows: [], column: table.header[c], rate: RATE_ROLES.has(role) }));
        slots[slot] = a;
      }
      used = true;
    }
    a.xs.push(x);
    a.ys.push(y);
    a.rows.push(rowNo);
  }
  return used;
}

/** Each group of columns that measure the same thing: how many values and their mean, per column. */
function duplicateMeasures(rd: Reading, dupGroups: ReturnType<typeof duplicateColumns>): DuplicateMeasure[] {
  return dupGroups.map((g) => ({
    metric: g.metric,
    bucket: g.bucket,
    columns: g.columns.map((index) => {
      const d = rd.dupAcc.get(index);
      // Out-of-range rates of a column not yet kept are reported once it is kept.
      if (d) readRates(d, () => undefined);
      const n = d ? d.ys.length : 0;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += d!.ys[i];
      return { index, column: rd.table.header[index] ?? `#${index + 1}`, role: rd.mapping.roles[index], rows: n, mean: n ? sum / n : null };
    }),
  }));
}

/** GPU counts by step: the pilot's count from each change on (only when it changed); the configuration's count is the last step's. */
function settlePilotGpus(rd: Reading) {
  for (const [candidateId, list] of rd.rowGpus) {
    list.sort((a, b) => a.x - b.x || a.row - b.row);
    const changes: [number, number][] = [];
    for (const r of list) {
      if (changes.length > 0 && changes[changes.length - 1][1] === r.gpus) continue;
      if (changes.length === MAX_PILOT_GPU_CHANGES) {
        rd.log.report(r.row, rd.cols.gpusCol, 'out-of-range', String(r.gpus));
        continue;
      }
      changes.push([r.x, r.gpus]);
    }
    const pilot = rd.pilots.get(candidateId)!;
    pilot.gpusFrom = changes.length > 1 ? changes : [];
    pilot.gpus = list[list.length - 1].gpus;
  }
}

export function buildSeries(table: MetricsTable, mapping: ColumnMapping, { maxPoints = MAX_STORED_POINTS, maxErrors = 200 } = {}): BuildResult {
  const fileErrors = [...table.fileErrors];
  const { roles } = mapping;
  const cols = columnsOf(roles);
  if (fileErrors.length === 0) {
    if (cols.xCol < 0) fileErrors.push({ code: 'missing-x' });
    if (cols.metricCols.length === 0) fileErrors.push({ code: 'missing-metric' });
    if (cols.candCol < 0 && !mapping.fileCandidate) fileErrors.push({ code: 'missing-candidate' });
  }
  const log = errorLog(table.header, maxErrors);
  const result = (rest: Pick<BuildResult, 'series' | 'duplicates' | 'pilots' | 'fileErrors' | 'rowsUsed'>): BuildResult => ({
    ...rest,
    errors: log.errors,
    errorCount: log.count,
    errorRows: log.rows.size,
  });
  if (fileErrors.length) return { ...result({ series: [], duplicates: [], pilots: [], fileErrors, rowsUsed: 0 }), errorRows: 0 };

  const dupGroups = duplicateColumns(roles);
  const rd: Reading = {
    table,
    mapping,
    cols,
    log,
    decimalComma: table.delimiter !== ',' && table.delimiter !== '',
    dupCol: new Set(dupGroups.flatMap((g) => g.columns)),
    dupAcc: new Map(),
    acc: new Map(),
    all: [],
    pilots: new Map(),
    rowGpus: new Map(),
    metricOf: roles.map((r) => METRIC_OF[r]),
  };
  const firstRow = table.hasHeader ? 2 : 1;
  let rowsUsed = 0;
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r];
    const rowNo = r + firstRow;
    const key = rowKey(rd, row, rowNo);
    if (!key) continue;
    readPilotCells(rd, row, rowNo, key.x, key.candidateId);
    if (readMetricCells(rd, row, rowNo, key)) rowsUsed++;
  }

  const series: ImportedSeries[] = [];
  for (const a of rd.all) {
    const percent = readRates(a, (row, value) => log.report(row, table.header.indexOf(a.column), 'out-of-range', value));
    if (a.xs.length === 0) continue;
    series.push({ candidateId: a.candidateId, metric: a.metric, bucket: a.bucket, points: reduceSeries(a.xs, a.ys, maxPoints), rows: a.xs.length, percent });
  }
  const duplicates = duplicateMeasures(rd, dupGroups);
  if (series.length > MAX_SERIES) {
    return result({ series: [], duplicates, pilots: [], fileErrors: [{ code: 'too-many-series', detail: String(series.length) }], rowsUsed: 0 });
  }
  settlePilotGpus(rd);
  log.errors.sort((p, q) => p.row - q.row);
  const pilotList = [...rd.pilots.values()].filter((p) => p.gpus !== null || p.gpu !== null);
  return result({ series, duplicates, pilots: pilotList, fileErrors: [], rowsUsed });
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
