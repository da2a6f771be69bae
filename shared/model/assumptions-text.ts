import type { Assumption, AssumptionId, AssumptionMetric, AssumptionSource, AssumptionStatus } from './assumptions';
import type { SnapshotChanges } from './decision-snapshot';

type Lang = 'zh-CN' | 'en';

/** The assumptions board's words, the same on screen (steps 6 and 7) and in the reports' "decision health". */
export const ASSUMPTION_LABELS = {
  en: {
    title: 'Decision health: the assumptions board',
    intro:
      'What the recorded decision assumed, held against the canary and production metrics imported here. Holding: inside the expected band. Drifting: outside it, by at most the tolerance. Broken: further out.',
    assumption: 'Assumption',
    source: 'From',
    expected: 'Expected',
    observed: 'Observed',
    status: 'Status',
    noSnapshot:
      'This decision was recorded before its basis was kept. Confirm it in step 5’s decision record (“Confirm the decision on the current analysis”) to freeze what it rests on now; the board then holds the canary against it.',
    noDecision: 'No decision recorded yet: choose the candidate in step 5’s decision record. Recording it freezes what it rests on.',
    snapshotOf: 'Decision on {{candidate}}, frozen {{date}}',
    tolerance: 'Tolerance',
    standing: 'On the current analysis',
    stillWins: '{{candidate}} still ranks first, by {{margin}} points.',
    noLongerWins: '{{candidate}} does not rank first: {{margin}} points behind the first.',
    changes: 'What changed since the decision',
    noChanges: 'Nothing the decision rested on has changed.',
    weight: 'Weight of {{criterion}}: {{before}} → {{after}}',
    score: 'Score of {{candidate}} on {{criterion}}: {{before}} → {{after}}',
    added: 'Candidate added: {{candidate}}',
    removed: 'Candidate removed: {{candidate}}',
    evidence: '{{figure}} of {{candidate}}: {{before}} → {{after}}',
    need: '{{target}}: {{before}} → {{after}}',
    none: '—',
    interplay: '§9: “{{words}}” — watch {{dimension}} (weight {{weight}}).',
    ids: {
      'step-time': 'Step time within the calibrated p10–p90',
      'monthly-cost': 'Monthly cost within the budget',
      'success-rate': 'Task success rate at least the target',
      throughput: 'Throughput at least the pilot’s',
      'rollout-length': 'Rollout length within what the decision assumed',
      'throughput-demand': 'Throughput demand within what the pilot ran',
    } satisfies Record<AssumptionId, string>,
    sources: {
      'cost-evidence': 'Cost evidence (pilot calibration)',
      needs: 'Needs (step 1)',
      pilot: 'Pilot metrics (step 4)',
    } satisfies Record<AssumptionSource, string>,
    statuses: { holding: 'Holding', drifting: 'Drifting', broken: 'Broken', unobserved: 'Not observed yet' } satisfies Record<AssumptionStatus, string>,
    units: { 'step-seconds': 's', 'iteration-speed': '/h', 'throughput-demand': '/h', 'rollout-steps': 'steps', 'success-rate': '%' } as Partial<
      Record<AssumptionMetric, string>
    >,
    figures: { stepSeconds: 'Step time', wallHours: 'Run time', cost: 'Cost of the run' },
    targets: {
      successTarget: 'Success-rate KPI',
      monthlyBudget: 'Monthly budget',
      rolloutSteps: 'Rollout length',
      modelSizeB: 'Model size (B)',
      currency: 'Currency',
    },
  },
  'zh-CN': {
    title: '决策健康度：假设看板',
    intro: '已记录的决策所依据的假设，与在此导入的灰度及生产指标对照。成立：在预期区间内。偏移：超出区间，但不超过容差。不成立：超出更多。',
    assumption: '假设',
    source: '来源',
    expected: '预期',
    observed: '观测',
    status: '状态',
    noSnapshot:
      '这项决策记录于保存决策依据之前。请在第 5 步的决策记录中确认它（“基于当前分析确认此决策”），以冻结它当前所依据的内容；之后看板会将灰度指标与之对照。',
    noDecision: '尚未记录决策：请在第 5 步的决策记录中选择候选方案。记录时会冻结决策所依据的内容。',
    snapshotOf: '选择 {{candidate}} 的决策，冻结于 {{date}}',
    tolerance: '容差',
    standing: '按当前分析',
    stillWins: '{{candidate}} 仍排名第一，领先 {{margin}} 分。',
    noLongerWins: '{{candidate}} 未排名第一：落后第一名 {{margin}} 分。',
    changes: '决策以来的变化',
    noChanges: '决策所依据的内容均未变化。',
    weight: '{{criterion}} 的权重：{{before}} → {{after}}',
    score: '{{candidate}} 在 {{criterion}} 上的评分：{{before}} → {{after}}',
    added: '新增候选方案：{{candidate}}',
    removed: '移除候选方案：{{candidate}}',
    evidence: '{{candidate}} 的{{figure}}：{{before}} → {{after}}',
    need: '{{target}}：{{before}} → {{after}}',
    none: '—',
    interplay: '§九：“{{words}}”——请关注{{dimension}}（权重 {{weight}}）。',
    ids: {
      'step-time': '每步耗时在校准的 p10–p90 区间内',
      'monthly-cost': '月成本不超过预算',
      'success-rate': '任务成功率不低于目标',
      throughput: '吞吐不低于试点',
      'rollout-length': 'rollout 长度不超过决策时的假设',
      'throughput-demand': '吞吐需求不超过试点的吞吐',
    } satisfies Record<AssumptionId, string>,
    sources: { 'cost-evidence': '成本证据（试点校准）', needs: '需求（第 1 步）', pilot: '试点指标（第 4 步）' } satisfies Record<AssumptionSource, string>,
    statuses: { holding: '成立', drifting: '偏移', broken: '不成立', unobserved: '尚无观测' } satisfies Record<AssumptionStatus, string>,
    units: { 'step-seconds': '秒', 'iteration-speed': '次/小时', 'throughput-demand': '次/小时', 'rollout-steps': '步', 'success-rate': '%' } as Partial<
      Record<AssumptionMetric, string>
    >,
    figures: { stepSeconds: '每步耗时', wallHours: '训练时长', cost: '训练成本' },
    targets: { successTarget: '成功率 KPI', monthlyBudget: '月预算', rolloutSteps: 'rollout 长度', modelSizeB: '模型规模（B）', currency: '币种' },
  },
} as const;

/** Fills `{{name}}` placeholders. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

const fmt = (x: number, lang: Lang, digits = 1) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(x);

/** A value of a measure with its unit ("36 s", "62 %", "31,000 USD"). */
export function formatMeasure(metric: AssumptionMetric, x: number, lang: Lang, currency: string): string {
  const L = ASSUMPTION_LABELS[lang];
  if (metric === 'success-rate') return `${fmt(x * 100, lang)} %`;
  if (metric === 'monthly-cost') return `${fmt(x, lang, 0)} ${currency}`;
  const unit = L.units[metric];
  return unit ? `${fmt(x, lang)} ${unit}` : fmt(x, lang);
}

/** The expected band in words: "30 s – 40 s", "≥ 100 /h", "≤ 50,000 USD". */
export function formatExpected(a: Pick<Assumption, 'metric' | 'expected'>, lang: Lang, currency: string): string {
  const { min, max } = a.expected;
  const f = (x: number) => formatMeasure(a.metric, x, lang, currency);
  if (min !== null && max !== null) return min === max ? f(min) : `${f(min)} – ${f(max)}`;
  if (min !== null) return `≥ ${f(min)}`;
  if (max !== null) return `≤ ${f(max)}`;
  return ASSUMPTION_LABELS[lang].none;
}

/** The names a diff line needs, in the reader's language. */
export interface ChangeNames {
  candidate: (id: string) => string;
  criterion: (id: string) => string;
}

/** "What changed since the decision" as lines of text (empty: nothing changed). */
export function changeLines(c: SnapshotChanges, lang: Lang, names: ChangeNames, currency: string): string[] {
  const L = ASSUMPTION_LABELS[lang];
  const n = (x: number | string | null, digits = 2) => (x === null ? L.none : typeof x === 'string' ? x : fmt(x, lang, digits));
  const lines: string[] = [];
  for (const w of c.weights) lines.push(fillText(L.weight, { criterion: names.criterion(w.id), before: n(w.before), after: n(w.after) }));
  for (const s of c.scores)
    lines.push(
      fillText(L.score, { candidate: names.candidate(s.candidateId), criterion: names.criterion(s.criterionId), before: n(s.before), after: n(s.after) }),
    );
  for (const id of c.candidates.added) lines.push(fillText(L.added, { candidate: names.candidate(id) }));
  for (const id of c.candidates.removed) lines.push(fillText(L.removed, { candidate: names.candidate(id) }));
  for (const e of c.evidence) {
    const unit = e.figure === 'cost' ? ` ${currency}` : e.figure === 'stepSeconds' ? ` ${L.units['step-seconds']}` : '';
    lines.push(
      fillText(L.evidence, {
        figure: L.figures[e.figure],
        candidate: names.candidate(e.candidateId),
        before: e.before === null ? L.none : n(e.before, 1) + unit,
        after: e.after === null ? L.none : n(e.after, 1) + unit,
      }),
    );
  }
  for (const d of c.needs) {
    const v = (x: number | string | null) => (d.target === 'successTarget' && typeof x === 'number' ? `${fmt(x * 100, lang)} %` : n(x));
    lines.push(fillText(L.need, { target: L.targets[d.target], before: v(d.before), after: v(d.after) }));
  }
  return lines;
}
