import { describe, expect, it } from 'vitest';
import { createWorkshop } from './create';
import {
  buildSeries,
  guessMapping,
  guessRole,
  parseBucket,
  parseNumber,
  reduceSeries,
  tokenizeCsv,
  tokenizeMetricsFile,
  tokenizePasted,
  withCandidateValues,
  type ColumnMapping,
  type MetricsTable,
} from './metrics-import';
import { importMetrics } from './edits';
import { MetricSeriesSchema, WorkshopDocSchema } from './schema';

const doc = createWorkshop({ title: 'M', lang: 'en', id: 'w1', now: '2026-03-01T09:00:00.000Z' });
const candidates = doc.candidates;
const build = (table: MetricsTable, patch: Partial<ColumnMapping> = {}) => buildSeries(table, { ...guessMapping(table, candidates), ...patch });

const GOOD = `candidate,step,reward,iterations_per_hour,success_short,success_medium,success_long,utilization
managed,1,0.10,110,0.80,0.50,0.20,0.61
managed,2,0.20,120,0.82,0.52,0.22,0.63
self-built,1,0.05,90,0.70,0.40,0.10,0.72
self-built,2,0.15,100,0.75,0.45,0.15,0.74
`;

describe('good files', () => {
  it('detects the header and maps columns by name', () => {
    const table = tokenizeCsv(GOOD);
    expect(table.hasHeader).toBe(true);
    expect(table.delimiter).toBe(',');
    expect(table.rows).toHaveLength(4);
    expect(guessMapping(table, candidates).roles).toEqual([
      'candidate',
      'x',
      'reward',
      'iteration-speed',
      'success-short',
      'success-medium',
      'success-long',
      'utilization',
    ]);
  });

  it('builds one series per candidate, metric and horizon, sorted by step', () => {
    const r = build(tokenizeCsv(GOOD));
    expect(r.fileErrors).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.rowsUsed).toBe(4);
    expect(r.series).toHaveLength(2 * 6);
    const managedLong = r.series.find((s) => s.candidateId === 'managed' && s.metric === 'success-rate' && s.bucket === 'long')!;
    expect(managedLong.points).toEqual([
      [1, 0.2],
      [2, 0.22],
    ]);
    const speed = r.series.find((s) => s.candidateId === 'self-built' && s.metric === 'iteration-speed')!;
    expect(speed.points).toEqual([
      [1, 90],
      [2, 100],
    ]);
    for (const { candidateId, metric, bucket, points } of r.series)
      expect(MetricSeriesSchema.safeParse({ candidateId, metric, bucket, points }).success).toBe(true);
  });

  it('matches candidate values by id, name in either language or kind, and reports the rest', () => {
    const csv = 'stack,step,reward\nManaged cloud training platform,1,0.1\n自建分布式训练集群,1,0.2\nhybrid,1,0.3\nmystery,1,0.4\n';
    const table = tokenizeCsv(csv);
    const mapping = guessMapping(table, candidates);
    expect(mapping.candidateValues).toEqual({ 'Managed cloud training platform': 'managed', 自建分布式训练集群: 'self-built', hybrid: 'hybrid', mystery: '' });
    const r = buildSeries(table, mapping);
    expect(r.series.map((s) => s.candidateId).sort()).toEqual(['hybrid', 'managed', 'self-built']);
    expect(r.errors).toEqual([{ row: 5, column: 'stack', code: 'unknown-candidate', value: 'mystery' }]);
    // Mapping the value by hand brings the row in; choices already made are kept.
    const fixed = withCandidateValues(table, { ...mapping, candidateValues: { ...mapping.candidateValues, mystery: 'hybrid' } }, candidates);
    expect(buildSeries(table, fixed).errors).toEqual([]);
  });

  it('reads a long table with a horizon column, percentages and seconds per iteration', () => {
    const csv = 'candidate;step;horizon;success_rate;sec_per_step\nmanaged;1;short;85%;30\nmanaged;1;长程;40,5;\nmanaged;2;medium;60;36\n';
    const table = tokenizeCsv(csv);
    expect(table.delimiter).toBe(';');
    const mapping = guessMapping(table, candidates);
    expect(mapping.roles).toEqual(['candidate', 'x', 'bucket', 'success-rate', 'step-seconds']);
    const r = buildSeries(table, mapping);
    expect(r.errors).toEqual([]);
    const by = (bucket: string) => r.series.find((s) => s.metric === 'success-rate' && s.bucket === bucket)!;
    // 85% → 0.85 by its sign; 40,5 and 60 are above 1, so the whole series is read as percent.
    expect(by('short').points).toEqual([[1, 0.85]]);
    expect(by('long').points).toEqual([[1, 0.405]]);
    expect(by('long').percent).toBe(true);
    expect(by('medium').points).toEqual([[2, 0.6]]);
    expect(r.series.find((s) => s.metric === 'iteration-speed')!.points).toEqual([
      [1, 120],
      [2, 100],
    ]);
  });

  it('uses the chosen candidate for a file without a candidate column', () => {
    const table = tokenizeCsv('step,reward\n1,0.1\n2,0.3\n');
    expect(build(table).fileErrors).toEqual([{ code: 'missing-candidate' }]);
    const r = build(table, { fileCandidate: 'hybrid' });
    expect(r.series).toEqual([
      {
        candidateId: 'hybrid',
        metric: 'reward',
        bucket: '',
        points: [
          [1, 0.1],
          [2, 0.3],
        ],
        rows: 2,
        percent: false,
      },
    ]);
  });

  it('reads a headerless file: the first column is the step', () => {
    const table = tokenizeCsv('1,0.5\n2,0.6\n');
    expect(table.hasHeader).toBe(false);
    expect(table.header).toEqual(['#1', '#2']);
    const mapping = guessMapping(table, candidates);
    expect(mapping.roles[0]).toBe('x');
    const r = buildSeries(table, { ...mapping, roles: ['x', 'reward'], fileCandidate: 'managed' });
    expect(r.series[0].points).toEqual([
      [1, 0.5],
      [2, 0.6],
    ]);
    expect(r.errors).toEqual([]);
  });

  it('reads JSON rows', () => {
    const json = JSON.stringify([
      { candidate: 'managed', step: 1, reward: 0.1, utilization: 0.5 },
      { candidate: 'managed', step: 2, reward: 0.2 },
    ]);
    const table = tokenizeMetricsFile('pilot.json', json);
    expect(table.header).toEqual(['candidate', 'step', 'reward', 'utilization']);
    const r = build(table);
    expect(r.errors).toEqual([]);
    expect(r.series.find((s) => s.metric === 'utilization')!.points).toEqual([[1, 0.5]]);
    expect(tokenizeMetricsFile('x.json', '{"rows": [{"step": 1}]}').rows).toEqual([['1']]);
    expect(tokenizeMetricsFile('x.json', '{nope').fileErrors[0].code).toBe('invalid-json');
    expect(tokenizeMetricsFile('x.json', '{"a": 1}').fileErrors).toEqual([{ code: 'json-shape' }]);
  });

  it('imports into the document, replacing a series re-imported for the same candidate and metric', () => {
    const r = build(tokenizeCsv(GOOD));
    const once = importMetrics(doc, r.series, { file: 'pilot.csv', importedAt: '2026-03-02T10:00:00.000Z', rows: 4 });
    const twice = importMetrics(once, r.series, { file: 'pilot.csv', importedAt: '2026-03-02T11:00:00.000Z', rows: 4 });
    expect(twice.metrics.series).toHaveLength(12);
    expect(twice.metrics.imports).toHaveLength(2);
    expect(WorkshopDocSchema.safeParse(twice).success).toBe(true);
  });
});

describe('wrong delimiter', () => {
  const SEMI = 'candidate;step;reward\nmanaged;1;0,1\nmanaged;2;0,2\n';
  it('detects semicolons on its own, reading decimal commas', () => {
    const r = build(tokenizeCsv(SEMI));
    expect(r.errors).toEqual([]);
    expect(r.series[0].points).toEqual([
      [1, 0.1],
      [2, 0.2],
    ]);
  });
  it('says which delimiter the file uses when the chosen one is wrong', () => {
    const table = tokenizeCsv(SEMI, { delimiter: ',' });
    expect(table.header).toHaveLength(1);
    expect(table.fileErrors).toEqual([{ code: 'wrong-delimiter', detail: ';' }]);
    expect(build(table).series).toEqual([]);
    expect(tokenizeCsv('a\tb\n1\t2\n', { delimiter: ';' }).fileErrors).toEqual([{ code: 'wrong-delimiter', detail: '\t' }]);
  });
  it('a truly single-column file is reported as such', () => {
    expect(tokenizeCsv('reward\n1\n2\n').fileErrors).toEqual([{ code: 'one-column' }]);
  });
  it('an empty file is reported', () => {
    expect(tokenizeCsv('').fileErrors).toEqual([{ code: 'empty' }]);
    expect(tokenizeCsv('step,reward\n').fileErrors).toEqual([{ code: 'empty' }]);
  });
});

describe('missing columns', () => {
  it('no step column', () => {
    expect(build(tokenizeCsv('candidate,reward\nmanaged,0.1\n')).fileErrors).toEqual([{ code: 'missing-x' }]);
  });
  it('no metric column', () => {
    expect(build(tokenizeCsv('candidate,step,comment\nmanaged,1,ok\n')).fileErrors).toEqual([{ code: 'missing-metric' }]);
  });
  it('rows shorter than the header name the first missing column', () => {
    const r = build(tokenizeCsv('candidate,step,reward,utilization\nmanaged,1,0.1,0.5\nmanaged,2\nmanaged,3,0.3,0.6\n'));
    expect(r.errors).toEqual([{ row: 3, column: 'reward', code: 'missing-cell', value: '' }]);
    expect(r.rowsUsed).toBe(2);
    expect(r.series.find((s) => s.metric === 'reward')!.points).toEqual([
      [1, 0.1],
      [3, 0.3],
    ]);
  });
});

describe('non-numeric cells', () => {
  it('reports row, column and value, and keeps the good cells of the row', () => {
    const r = build(tokenizeCsv('candidate,step,reward,utilization\nmanaged,1,0.1,0.5\nmanaged,2,n/a,0.6\nmanaged,three,0.3,0.7\nmanaged,4,,0.8\n'));
    expect(r.errors).toEqual([
      { row: 3, column: 'reward', code: 'not-a-number', value: 'n/a' },
      { row: 4, column: 'step', code: 'not-a-number', value: 'three' },
    ]);
    expect(r.errorCount).toBe(2);
    // Row 3 still gives its utilization; row 5's empty reward is simply absent.
    expect(r.series.find((s) => s.metric === 'utilization')!.points.map((p) => p[0])).toEqual([1, 2, 4]);
    expect(r.series.find((s) => s.metric === 'reward')!.points.map((p) => p[0])).toEqual([1]);
  });
  it('rates above 100% and unknown horizons are row errors', () => {
    const r = build(tokenizeCsv('candidate,step,horizon,success_rate\nmanaged,1,short,50\nmanaged,2,short,150\nmanaged,3,forever,20\n'));
    expect(r.errors).toEqual([
      { row: 3, column: 'success_rate', code: 'out-of-range', value: '150' },
      { row: 4, column: 'horizon', code: 'unknown-bucket', value: 'forever' },
    ]);
  });
  it('counts problem rows apart from problems, and flags negative rates, speeds and step times (a negative reward is fine)', () => {
    const r = build(
      tokenizeCsv(
        'candidate,step,reward,success_rate,iterations_per_hour,step_seconds\n' +
          'managed,1,-0.2,0.5,12,300\n' +
          'managed,2,0.1,-0.1,-3,300\n' +
          'managed,3,0.2,0.6,10,-5\n' +
          'managed,4,0.3,0.7,11,0\n',
      ),
    );
    expect(r.errors).toEqual([
      { row: 3, column: 'success_rate', code: 'negative', value: '-0.1' },
      { row: 3, column: 'iterations_per_hour', code: 'negative', value: '-3' },
      { row: 4, column: 'step_seconds', code: 'negative', value: '-5' },
      { row: 5, column: 'step_seconds', code: 'out-of-range', value: '0' },
    ]);
    expect(r.errorCount).toBe(4);
    expect(r.errorRows).toBe(3);
    expect(r.series.find((s) => s.metric === 'reward')!.points[0]).toEqual([1, -0.2]);
  });
  it('caps the listed errors but counts them all', () => {
    const lines = ['candidate,step,reward', ...Array.from({ length: 500 }, (_, i) => `managed,${i},bad`)];
    const r = build(tokenizeCsv(lines.join('\n')));
    expect(r.errors).toHaveLength(200);
    expect(r.errorCount).toBe(500);
    expect(r.errorRows).toBe(500);
    expect(r.series).toEqual([]);
  });
});

describe('cells', () => {
  it('parses numbers strictly', () => {
    expect(parseNumber(' 1.5 ', false)).toBe(1.5);
    expect(parseNumber('1e3', false)).toBe(1000);
    expect(parseNumber('45%', false)).toBeCloseTo(0.45);
    expect(parseNumber('0,5', true)).toBe(0.5);
    expect(parseNumber('0,5', false)).toBeNull();
    expect(parseNumber('0x10', false)).toBeNull();
    expect(parseNumber('', false)).toBeNull();
    expect(parseNumber('Infinity', false)).toBeNull();
  });
  it('reads horizons in English and Chinese', () => {
    expect(parseBucket('Short')).toBe('short');
    expect(parseBucket('mid-horizon')).toBe('medium');
    expect(parseBucket('长程')).toBe('long');
    expect(parseBucket('huge')).toBeNull();
  });
});

describe('100k rows', () => {
  const N = 100_000;
  const ids = ['self-built', 'managed', 'hybrid'];
  const lines = ['candidate,step,reward,iterations_per_hour,success_short,success_medium,success_long,utilization'];
  for (let i = 0; i < N; i++) {
    const c = i % 3;
    const step = Math.floor(i / 3) + 1;
    lines.push(`${ids[c]},${step},${(1 - Math.exp(-step / 5000)) * (0.6 + 0.1 * c)},${100 + 20 * c},0.9,0.6,${0.2 + 0.1 * c},0.${5 + c}`);
  }
  const csv = lines.join('\n');

  it('imports every row, reports progress and reduces each series to the stored maximum, keeping its mean', () => {
    const progress: number[] = [];
    const t0 = performance.now();
    const table = tokenizeCsv(csv, { onProgress: (f) => progress.push(f) });
    const r = build(table);
    const ms = performance.now() - t0;
    expect(table.rows).toHaveLength(N);
    expect(r.errorCount).toBe(0);
    expect(r.rowsUsed).toBe(N);
    expect(r.series).toHaveLength(3 * 6);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    for (const s of r.series) {
      expect(s.rows).toBe(N / 3 + (s.candidateId === 'self-built' ? 2 / 3 : -1 / 3));
      expect(s.points).toHaveLength(1000);
    }
    const speed = r.series.find((s) => s.candidateId === 'hybrid' && s.metric === 'iteration-speed')!;
    expect(speed.points.every((p) => p[1] === 140)).toBe(true);
    const reward = r.series.find((s) => s.candidateId === 'managed' && s.metric === 'reward')!;
    expect(reward.points[0][0]).toBeLessThan(reward.points[999][0]);
    expect(reward.points[999][1]).toBeGreaterThan(0.69 * 0.99);
    // Generous bound for a loaded CI machine; the browser benchmark measures the real figure.
    expect(ms).toBeLessThan(10_000);
  });
});

describe('reduceSeries', () => {
  it('sorts unsorted points and leaves short series as they are', () => {
    expect(reduceSeries([3, 1, 2], [30, 10, 20], 10)).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
  });
  it('averages equal buckets, so the mean is kept', () => {
    const xs = Array.from({ length: 10 }, (_, i) => i);
    const ys = xs.map((x) => x * 2);
    const out = reduceSeries(xs, ys, 5);
    expect(out).toEqual([
      [0.5, 1],
      [2.5, 5],
      [4.5, 9],
      [6.5, 13],
      [8.5, 17],
    ]);
  });
});

describe('two columns for one measure', () => {
  // iterations_per_hour and step_seconds both measure iteration speed (3600 / seconds); the two
  // disagree here (the step time includes evaluation), so merging them would average unlike values.
  const BOTH = `candidate,step,iterations_per_hour,step_seconds,reward
managed,1,110,60,0.1
managed,2,112,62,0.2
managed,3,108,58,0.3
`;

  it('are not merged: the preview names both, with what each would import, and the measure waits for the team', () => {
    const table = tokenizeCsv(BOTH);
    const mapping = guessMapping(table, candidates);
    expect(mapping.roles).toEqual(['candidate', 'x', 'iteration-speed', 'step-seconds', 'reward']);
    const r = buildSeries(table, mapping);
    expect(r.duplicates).toHaveLength(1);
    const [dup] = r.duplicates;
    expect(dup.metric).toBe('iteration-speed');
    expect(dup.columns.map((c) => [c.column, c.index, c.rows])).toEqual([
      ['iterations_per_hour', 2, 3],
      ['step_seconds', 3, 3],
    ]);
    expect(dup.columns[0].mean).toBeCloseTo((110 + 112 + 108) / 3, 9);
    expect(dup.columns[1].mean).toBeCloseTo((3600 / 60 + 3600 / 62 + 3600 / 58) / 3, 9);
    // Nothing of the measure is imported while both columns feed it; the other measures are.
    expect(r.series.map((s) => s.metric)).toEqual(['reward']);
  });

  it('imports the column the team keeps, alone', () => {
    const table = tokenizeCsv(BOTH);
    const mapping = guessMapping(table, candidates);
    const keepSeconds = buildSeries(table, { ...mapping, roles: ['candidate', 'x', 'ignore', 'step-seconds', 'reward'] });
    expect(keepSeconds.duplicates).toEqual([]);
    expect(keepSeconds.series.find((s) => s.metric === 'iteration-speed')!.points).toEqual([
      [1, 3600 / 60],
      [2, 3600 / 62],
      [3, 3600 / 58],
    ]);
    const keepSpeed = buildSeries(table, { ...mapping, roles: ['candidate', 'x', 'iteration-speed', 'ignore', 'reward'] });
    expect(keepSpeed.series.find((s) => s.metric === 'iteration-speed')!.points).toEqual([
      [1, 110],
      [2, 112],
      [3, 108],
    ]);
  });

  it('a horizon column beside per-horizon success columns still feeds one series per horizon', () => {
    const csv = 'candidate,step,horizon,success_rate,success_long\nmanaged,1,short,0.8,\nmanaged,2,,,0.3\n';
    const r = build(tokenizeCsv(csv));
    expect(r.duplicates).toEqual([]);
    expect(r.series.map((s) => s.bucket).sort()).toEqual(['long', 'short']);
  });
});

describe('canary and production columns', () => {
  it('are recognised by name, and JSON Lines are read row by row', () => {
    expect(['monthly_cost', 'rollout_steps', 'throughput_demand', '月成本', '吞吐需求', 'throughput'].map(guessRole)).toEqual([
      'monthly-cost',
      'rollout-steps',
      'throughput-demand',
      'monthly-cost',
      'throughput-demand',
      'iteration-speed',
    ]);
    const t = tokenizeMetricsFile('canary.jsonl', '{"step":1,"monthly_cost":100}\n\n{"step":2,"monthly_cost":120}\n');
    expect(t.fileErrors).toEqual([]);
    expect(t.rows).toEqual([
      ['1', '100'],
      ['2', '120'],
    ]);
    expect(tokenizeMetricsFile('bad.jsonl', '{"step":1}\nnot json\n').fileErrors[0].code).toBe('invalid-json');
  });
});

describe('pasted from a spreadsheet', () => {
  // A block copied from Excel / WPS / LibreOffice in a locale with decimal commas: tabs between
  // cells, a line break between rows, the final line break the spreadsheet adds.
  const PASTED = 'step\tmonthly_cost\titerations_per_hour\n1\t30000,5\t110,5\n2\t32000\t107,5\n';

  it('reads tab-separated cells, decimal commas included, into the same series as a file', () => {
    const table = tokenizePasted(PASTED);
    expect(table.delimiter).toBe('\t');
    expect(table.fileErrors).toEqual([]);
    expect(table.header).toEqual(['step', 'monthly_cost', 'iterations_per_hour']);
    const r = buildSeries(table, { ...guessMapping(table, candidates), fileCandidate: candidates[0].id });
    expect(r.errorCount).toBe(0);
    expect(r.series.find((s) => s.metric === 'monthly-cost')!.points).toEqual([
      [1, 30000.5],
      [2, 32000],
    ]);
    expect(r.series.find((s) => s.metric === 'iteration-speed')!.points).toEqual([
      [1, 110.5],
      [2, 107.5],
    ]);
  });

  it('takes tabs even where every cell holds a decimal comma, and full-width digits as typed with a Chinese input method', () => {
    const table = tokenizePasted('step\treward\n１\t０，５\n2\t0,75\r\n');
    expect(table.delimiter).toBe('\t');
    const r = buildSeries(table, { ...guessMapping(table, candidates), fileCandidate: candidates[0].id });
    expect(r.series[0].points).toEqual([
      [1, 0.5],
      [2, 0.75],
    ]);
  });

  it('gives the same duplicate-column choice and row errors as a file', () => {
    const table = tokenizePasted('step\titerations_per_hour\tstep_seconds\n1\t110\t60\n2\tabc\t62\n');
    const r = buildSeries(table, { ...guessMapping(table, candidates), fileCandidate: candidates[0].id });
    expect(r.duplicates.map((d) => d.columns.map((c) => c.column))).toEqual([['iterations_per_hour', 'step_seconds']]);
    expect(r.errors).toContainEqual(expect.objectContaining({ row: 3, column: 'iterations_per_hour', code: 'not-a-number', value: 'abc' }));
  });

  it('an empty paste or one value is a file error, not an import', () => {
    expect(tokenizePasted('  \n').fileErrors).toEqual([{ code: 'empty' }]);
    expect(tokenizePasted('reward\n1\n').fileErrors).toEqual([{ code: 'one-column' }]);
  });
});
