import Papa from 'papaparse';
import type { Candidate, MetricSeries } from './schema';
import { nameAliases } from './names';

/**
 * Pilot metrics import (seed §六.4 指标对比): a CSV or JSON table → metric series per
 * candidate, or row-level errors that say which row, which column and why.
 *
 * Tables are "wide": one row per (candidate, step) with a column per metric, e.g.
 *   candidate,step,reward,iterations_per_hour,success_short,success_medium,success_long,utilization
 * or "long" for success rate: a `horizon` column (short/medium/long) next to one `success_rate` column.
 * papaparse tokenises; this module detects the header, guesses the column mapping and
 * validates rows. It is pure and runs in a Web Worker in the app.
 */

/** What a column holds. `step-seconds` is converted to iterations per hour (3600 / seconds). */
export const COLUMN_ROLES = [
  'ignore',
  'x',
  'candidate',
  'bucket',
  'reward',
  'iteration-speed',
  'step-seconds',
  'success-rate',
  'success-short',
  'success-medium',
  'success-long',
  'utilization',
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];
export type Bucket = MetricSeries['bucket'];

export interface MetricsTable {
  /** Column names; generated (`hasHeader` false) when the first row holds numbers. */
  header: string[];
  hasHeader: boolean;
  rows: string[][];
  /** The delimiter used (CSV), or '' for JSON. */
  delimiter: string;
  /** Problems with the file as a whole; a table with file errors imports nothing. */
  fileErrors: FileError[];
}

export type FileErrorCode =
  'empty' | 'wrong-delimiter' | 'one-column' | 'invalid-json' | 'json-shape' | 'missing-x' | 'missing-metric' | 'missing-candidate' | 'too-many-series';
export interface FileError {
  code: FileErrorCode;
  /** The delimiter the file seems to use (wrong-delimiter), or the parser's message. */
  detail?: string;
}

export type RowErrorCode = 'not-a-number' | 'missing-cell' | 'unknown-candidate' | 'unknown-bucket' | 'out-of-range';
export interface RowError {
  /** Row number in the file, counting the header as row 1. */
  row: number;
  column: string;
  code: RowErrorCode;
  value: string;
}

export interface ColumnMapping {
  roles: ColumnRole[];
  /** Candidate column value → candidate id ('' = not mapped: those rows are reported). */
  candidateValues: Record<string, string>;
  /** Candidate for every row when no column is mapped to `candidate`. */
  fileCandidate: string;
}

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

export interface BuildResult {
  series: ImportedSeries[];
  /** The first `maxErrors` row errors, in file order. */
  errors: RowError[];
  errorCount: number;
  fileErrors: FileError[];
  /** Data rows that contributed at least one value. */
  rowsUsed: number;
}

/** Points kept per stored series: enough for any chart, small enough to autosave and reload quickly. */
export const MAX_STORED_POINTS = 1000;
const MAX_SERIES = 500;

// ---------------------------------------------------------------------------------------------
// Tokenising

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * Tokenises CSV text with papaparse, in chunks so `onProgress` (0..1) can report on big
 * files. `delimiter` '' = detect. Detects the header row and a mis-chosen delimiter.
 */
export function tokenizeCsv(text: string, { delimiter = '', onProgress }: { delimiter?: string; onProgress?: (fraction: number) => void } = {}): MetricsTable {
  const rows: string[][] = [];
  let used = delimiter;
  const chunkSize = 512 * 1024;
  Papa.parse<string[]>(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
    delimiter,
    skipEmptyLines: 'greedy',
    chunkSize,
    worker: false,
    // papaparse streams strings in chunks as it does files (the typings only list files).
    complete: () => undefined,
    chunk(results: Papa.ParseResult<string[]>) {
      for (const r of results.data) rows.push(r);
      used = results.meta.delimiter || used;
      onProgress?.(Math.min(1, results.meta.cursor / Math.max(1, text.length)));
    },
  });
  return tableFromRows(rows, used || ',');
}

function tableFromRows(rows: string[][], delimiter: string): MetricsTable {
  const fileErrors: FileError[] = [];
  if (rows.length === 0) return { header: [], hasHeader: false, rows: [], delimiter, fileErrors: [{ code: 'empty' }] };
  const first = rows[0].map((c) => c.trim());
  const hasHeader = first.some((c) => c !== '' && parseNumber(c, false) === null);
  const header = hasHeader ? uniqueNames(first) : first.map((_, i) => `#${i + 1}`);
  const body = hasHeader ? rows.slice(1) : rows;
  if (header.length === 1) {
    // One column: either the delimiter was wrong, or the file really has one column.
    const sample = rows
      .slice(0, 5)
      .map((r) => r[0])
      .join('\n');
    const other = DELIMITERS.filter((d) => d !== delimiter).find((d) => sample.split('\n').every((line) => line.includes(d)));
    fileErrors.push(other ? { code: 'wrong-delimiter', detail: other } : { code: 'one-column' });
  }
  if (body.length === 0 && fileErrors.length === 0) fileErrors.push({ code: 'empty' });
  return { header, hasHeader, rows: body, delimiter, fileErrors };
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n, i) => {
    const base = n || `#${i + 1}`;
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    return k === 1 ? base : `${base} (${k})`;
  });
}

/**
 * JSON pilot metrics: an array of row objects (`[{ "candidate": "managed", "step": 1, "reward": 0.2 }, …]`)
 * or `{ "rows": [ … ] }`. Keys become columns in order of first appearance.
 */
export function tableFromJson(text: string): MetricsTable {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { header: [], hasHeader: true, rows: [], delimiter: '', fileErrors: [{ code: 'invalid-json', detail: (err as Error).message }] };
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { rows?: unknown }).rows)
      ? (data as { rows: unknown[] }).rows
      : null;
  if (!list || list.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
    return { header: [], hasHeader: true, rows: [], delimiter: '', fileErrors: [{ code: 'json-shape' }] };
  }
  const header: string[] = [];
  const index = new Map<string, number>();
  for (const r of list as Record<string, unknown>[]) {
    for (const k of Object.keys(r)) {
      if (!index.has(k)) {
        index.set(k, header.length);
        header.push(k);
      }
    }
  }
  const rows = (list as Record<string, unknown>[]).map((r) => {
    const row = new Array<string>(header.length).fill('');
    for (const [k, v] of Object.entries(r)) row[index.get(k)!] = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return row;
  });
  const fileErrors: FileError[] = rows.length === 0 ? [{ code: 'empty' }] : [];
  return { header, hasHeader: true, rows, delimiter: '', fileErrors };
}

/** CSV or JSON by file name, else by content. */
export function tokenizeMetricsFile(name: string, text: string, opts: { delimiter?: string; onProgress?: (fraction: number) => void } = {}): MetricsTable {
  const isJson = /\.json$/i.test(name) || (!/\.(csv|tsv|txt)$/i.test(name) && /^\s*[[{]/.test(text));
  if (isJson) {
    const table = tableFromJson(text);
    opts.onProgress?.(1);
    return table;
  }
  return tokenizeCsv(text, { delimiter: opts.delimiter ?? (/\.tsv$/i.test(name) ? '\t' : ''), onProgress: opts.onProgress });
}

// ---------------------------------------------------------------------------------------------
// Cells

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A numeric cell, or null. `decimalComma` accepts "0,75" (files separated by ';' or tabs). A trailing % divides by 100. */
export function parseNumber(cell: string, decimalComma: boolean): number | null {
  // Fast path for the common plain number, without allocating: a digit, sign or point first,
  // a digit last, and no 0x / 0b / 0o prefix (which `+` would accept).
  const n0 = +cell;
  if (n0 === n0 && cell.length > 0) {
    const first = cell.charCodeAt(0);
    const last = cell.charCodeAt(cell.length - 1);
    const prefixed = cell.length > 1 && (cell.charCodeAt(1) | 32) >= 97 && (cell.charCodeAt(1) | 32) !== 101;
    if (((first >= 48 && first <= 57) || first === 45 || first === 46 || first === 43) && last >= 48 && last <= 57 && !prefixed)
      return Number.isFinite(n0) ? n0 : null;
  }
  let s = cell.trim();
  let scale = 1;
  if (s.endsWith('%')) {
    s = s.slice(0, -1).trim();
    scale = 0.01;
  }
  if (decimalComma && s.includes(',') && !s.includes('.')) s = s.replace(',', '.');
  if (!NUMBER.test(s)) return null;
  const n = Number(s) * scale;
  return Number.isFinite(n) ? n : null;
}

const BUCKET_WORDS: Record<Exclude<Bucket, ''>, RegExp> = {
  short: /^(short|s|短|短程|短期)$/i,
  medium: /^(medium|mid|middle|m|中|中程|中期)$/i,
  long: /^(long|l|长|長|长程|长期)$/i,
};

export function parseBucket(cell: string): Exclude<Bucket, ''> | null {
  const s = cell.trim().replace(/[-_ ]?(horizon|term|tasks?)$/i, '');
  for (const b of ['short', 'medium', 'long'] as const) if (BUCKET_WORDS[b].test(s)) return b;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Mapping

const ROLE_PATTERNS: [ColumnRole, RegExp][] = [
  ['candidate', /^(candidate|candidate[ _-]?id|stack|solution|system|option|arm|方案|候选|候选方案)$/i],
  ['x', /^(step|steps|training[ _-]?step|global[ _-]?step|iter|iteration|epoch|x|time|t|步|步数|训练步|训练步数|迭代|迭代次数|轮次)$/i],
  ['bucket', /^(horizon|bucket|horizon[ _-]?bucket|task[ _-]?length|length[ _-]?bucket|长度|任务长度|时程|档位)$/i],
  ['step-seconds', /(sec(ond)?s?|^s)[ _/-]*(per)?[ _/-]*(step|iter)|(step|iter(ation)?)[ _-]?(time|seconds|secs|duration)|每步耗时|单步耗时|迭代耗时/i],
  ['iteration-speed', /(iter(ation)?s?|steps?)[ _-]*(per|\/)[ _-]*(h|hr|hour|min)|iter(ation)?[ _-]?speed|throughput|迭代速度|吞吐/i],
  ['success-short', /(success|pass|成功).*(short|短)|(short|短).*(success|pass|成功)/i],
  ['success-medium', /(success|pass|成功).*(medium|mid|中)|(medium|mid|中).*(success|pass|成功)/i],
  ['success-long', /(success|pass|成功).*(long|长)|(long|长).*(success|pass|成功)/i],
  ['success-rate', /success|pass[ _-]?rate|成功率/i],
  ['utilization', /util|mfu|利用率/i],
  ['reward', /reward|return|score|奖励|回报/i],
];

/** The role a column name suggests ('ignore' when none does). */
export function guessRole(name: string): ColumnRole {
  const n = name.trim();
  for (const [role, re] of ROLE_PATTERNS) if (re.test(n)) return role;
  return 'ignore';
}

/** Candidate whose id, name (typed, translation or default in either language) or kind matches a value, case-insensitively. */
export function matchCandidate(value: string, candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[]): string {
  const v = value.trim().toLowerCase();
  if (!v) return '';
  const exact = candidates.find((c) => c.id.toLowerCase() === v || nameAliases(c.name).some((n) => n.toLowerCase() === v));
  if (exact) return exact.id;
  const byKind = candidates.filter((c) => c.kind !== 'custom' && c.kind === v);
  return byKind.length === 1 ? byKind[0].id : '';
}

/** Distinct values of a column, in order of appearance (at most `limit`). */
export function distinctValues(table: MetricsTable, column: number, limit = 100): string[] {
  const seen = new Set<string>();
  for (const r of table.rows) {
    const v = (r[column] ?? '').trim();
    if (v && !seen.has(v)) {
      seen.add(v);
      if (seen.size >= limit) break;
    }
  }
  return [...seen];
}

/** A first mapping from the header names, with candidate values matched to the workshop's candidates. */
export function guessMapping(table: MetricsTable, candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[]): ColumnMapping {
  const roles = table.header.map(guessRole);
  // One column each for x, candidate and bucket: later look-alikes are left for the team to map.
  for (const single of ['x', 'candidate', 'bucket'] as const) {
    let seen = false;
    roles.forEach((r, i) => {
      if (r !== single) return;
      if (seen) roles[i] = 'ignore';
      seen = true;
    });
  }
  if (!roles.includes('x') && !table.hasHeader && table.header.length > 1) roles[0] = 'x';
  return withCandidateValues(table, { roles, candidateValues: {}, fileCandidate: candidates.length === 1 ? candidates[0].id : '' }, candidates);
}

/** Fills `candidateValues` for the values of the mapped candidate column, keeping choices already made. */
export function withCandidateValues(table: MetricsTable, mapping: ColumnMapping, candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[]): ColumnMapping {
  const col = mapping.roles.indexOf('candidate');
  if (col < 0) return mapping;
  const candidateValues: Record<string, string> = {};
  for (const v of distinctValues(table, col)) candidateValues[v] = mapping.candidateValues[v] ?? matchCandidate(v, candidates);
  return { ...mapping, candidateValues };
}

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
};

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
  if (fileErrors.length === 0) {
    if (xCol < 0) fileErrors.push({ code: 'missing-x' });
    if (metricCols.length === 0) fileErrors.push({ code: 'missing-metric' });
    if (candCol < 0 && !mapping.fileCandidate) fileErrors.push({ code: 'missing-candidate' });
  }
  const errors: RowError[] = [];
  let errorCount = 0;
  const report = (row: number, column: number, code: RowErrorCode, value: string) => {
    errorCount++;
    if (errors.length < maxErrors) errors.push({ row, column: table.header[column] ?? `#${column + 1}`, code, value });
  };
  if (fileErrors.length) return { series: [], errors, errorCount, fileErrors, rowsUsed: 0 };

  const decimalComma = table.delimiter !== ',' && table.delimiter !== '';
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
      if (role === 'step-seconds') {
        if (y <= 0) {
          report(rowNo, c, 'out-of-range', cell);
          continue;
        }
        y = 3600 / y;
      }
      const metric = metricOf[c]!;
      const bucket: Bucket = metric === 'success-rate' ? (BUCKET_OF[role] ?? rowBucket) : '';
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
    let percent = false;
    if (a.rate) {
      let top = -Infinity;
      let bottom = Infinity;
      for (const y of a.ys) {
        if (y > top) top = y;
        if (y < bottom) bottom = y;
      }
      percent = top > 1;
      const scale = percent ? 0.01 : 1;
      if (bottom < 0 || top * scale > 1) {
        // Some values are out of 0–100 %: report those rows and keep the rest.
        const keep: number[] = [];
        a.ys.forEach((y, i) => {
          const v = y * scale;
          if (v < 0 || v > 1) report(a.rows[i], table.header.indexOf(a.column), 'out-of-range', String(y));
          else keep.push(i);
        });
        a.xs = keep.map((i) => a.xs[i]);
        a.ys = keep.map((i) => a.ys[i]);
      }
      if (percent) for (let i = 0; i < a.ys.length; i++) a.ys[i] *= scale;
    }
    if (a.xs.length === 0) continue;
    series.push({ candidateId: a.candidateId, metric: a.metric, bucket: a.bucket, points: reduceSeries(a.xs, a.ys, maxPoints), rows: a.xs.length, percent });
  }
  if (series.length > MAX_SERIES)
    return { series: [], errors, errorCount, fileErrors: [{ code: 'too-many-series', detail: String(series.length) }], rowsUsed: 0 };
  errors.sort((p, q) => p.row - q.row);
  return { series, errors, errorCount, fileErrors: [], rowsUsed };
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
