import Papa from 'papaparse';
import { GPU_NAMES, type GpuName } from '../cost/schema';
import type { Candidate, MetricSeries } from './schema';
import { nameAliases } from './names';
import { asciiDigits } from './edits/score-grid';

/**
 * Pilot metrics import, part 1 — parsing (seed §六.4 指标对比): a CSV or JSON file → a table of
 * cells, the column roles guessed from the header, and the candidate each value names.
 * Building the metric series from a mapped table is `metrics-series.ts`.
 *
 * Tables are "wide": one row per (candidate, step) with a column per metric, e.g.
 *   candidate,step,reward,iterations_per_hour,success_short,success_medium,success_long,utilization
 * or "long" for success rate: a `horizon` column (short/medium/long) next to one `success_rate` column.
 * papaparse tokenises; this module detects the header, guesses the column mapping and
 * validates rows. It is pure and runs in a Web Worker in the app.
 */

/**
 * What a column holds. `step-seconds` is converted to iterations per hour (3600 / seconds).
 * For calibration by the pilot: `rollout-seconds` and `train-seconds` (the step's split) and
 * `tokens-per-second` (generated) are series; `gpus` and `gpu-type` set the candidate's pilot
 * configuration (`BuildResult.pilots`). A canary's or production's figures held against the
 * decision (assumptions.ts): `monthly-cost`, `rollout-steps` (a task's rollout length) and
 * `throughput-demand` (iterations per hour the workload needs).
 */
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
  'rollout-seconds',
  'train-seconds',
  'tokens-per-second',
  'gpus',
  'gpu-type',
  'monthly-cost',
  'rollout-steps',
  'throughput-demand',
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

export type RowErrorCode = 'not-a-number' | 'missing-cell' | 'unknown-candidate' | 'unknown-bucket' | 'out-of-range' | 'negative' | 'unknown-gpu';
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

/**
 * Cells pasted from a spreadsheet: Excel, WPS and LibreOffice copy a block as text with a tab
 * between cells and a line break between rows. Tab-separated whenever the text holds a tab
 * (`delimiter` '' = that, else detected as for a file), so decimal commas ("7,5") read as
 * numbers, as they do in the scoring grid; full-width digits too. The same table as a file's.
 */
export function tokenizePasted(text: string, { delimiter = '' }: { delimiter?: string } = {}): MetricsTable {
  const cells = asciiDigits(text);
  return tokenizeCsv(cells, { delimiter: delimiter || (cells.includes('\t') ? '\t' : '') });
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
    // JSON Lines (one row object per line, as metrics exporters write them).
    const lines = jsonLines(text);
    if (!lines) return { header: [], hasHeader: true, rows: [], delimiter: '', fileErrors: [{ code: 'invalid-json', detail: (err as Error).message }] };
    data = lines;
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

/** The rows of JSON Lines text (every non-empty line a JSON object), or null when it is not that. */
function jsonLines(text: string): unknown[] | null {
  const out: unknown[] = [];
  for (const line of text.split(/\r?\n/)) {
    const l = line.trim();
    if (!l) continue;
    if (l[0] !== '{') return null;
    try {
      out.push(JSON.parse(l));
    } catch {
      return null;
    }
  }
  return out.length ? out : null;
}

/** CSV or JSON (also JSON Lines, `.jsonl` / `.ndjson`) by file name, else by content. */
export function tokenizeMetricsFile(name: string, text: string, opts: { delimiter?: string; onProgress?: (fraction: number) => void } = {}): MetricsTable {
  const isJson = /\.(json|jsonl|ndjson)$/i.test(name) || (!/\.(csv|tsv|txt)$/i.test(name) && /^\s*[[{]/.test(text));
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
  ['rollout-seconds', /^(rollout|gen|generation|generate)[ _-]?(time|seconds|secs|sec|s|duration)$|timing_s\/gen$|rollout[ _-]?耗时|生成耗时/i],
  ['train-seconds', /^(train|training|update|update[ _-]?actor)[ _-]?(time|seconds|secs|sec|s|duration)$|timing_s\/update_actor$|训练耗时/i],
  ['tokens-per-second', /tokens?[ _-]*(\/|per)[ _-]*(s|sec|second)$|^tok\/s$|^tps$|每秒.*token|token[ _-]?吞吐/i],
  ['gpus', /^(gpus|num[ _-]?gpus|n[ _-]?gpus|gpu[ _-]?count|gpu数|gpu 数|卡数)$/i],
  ['gpu-type', /^(gpu[ _-]?(type|model|name|kind)|gpu型号|卡型|显卡型号)$/i],
  ['monthly-cost', /(monthly|per[ _-]?month|month)[ _-]?(cost|spend)|cost[ _-]?(per[ _-]?month|monthly)|月成本|月度成本|每月成本|月费用/i],
  ['rollout-steps', /rollout[ _-]?(len|length|steps|turns)$|(turns|steps)[ _-]?per[ _-]?task|rollout[ _-]?(长度|步数)|单次任务步数/i],
  ['throughput-demand', /(throughput|iter(ation)?s?[ _-]*per[ _-]*(h|hr|hour))[ _-]?(demand|needed|required)|demand(ed)?[ _-]?(throughput|iter)|吞吐需求/i],
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

/** A GPU type cell → the simulator's catalogue name ("h100" → H100-SXM, "A100" → A100-80G), or null. */
export function parseGpuType(cell: string): GpuName | null {
  const v = cell
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (!v) return null;
  const exact = GPU_NAMES.find((g) => g.toLowerCase() === v);
  if (exact) return exact;
  const family = GPU_NAMES.filter((g) => g.toLowerCase().split('-')[0] === v.split('-')[0]);
  return family.length === 1 ? family[0] : null;
}
