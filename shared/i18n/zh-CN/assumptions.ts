import type { assumptions as en } from '../en/assumptions';
import type { Widen } from '../types';

/** The assumptions board's words (steps 6 and 7, and the reports' "decision health"), Chinese. */
export const assumptions: Widen<typeof en> = {
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
  },
  sources: { 'cost-evidence': '成本证据（试点校准）', needs: '需求（第 1 步）', pilot: '试点指标（第 4 步）' },
  statuses: { holding: '成立', drifting: '偏移', broken: '不成立', unobserved: '尚无观测' },
  units: { 'step-seconds': '秒', 'iteration-speed': '次/小时', 'throughput-demand': '次/小时', 'rollout-steps': '步', 'success-rate': '%' },
  figures: { stepSeconds: '每步耗时', wallHours: '训练时长', cost: '训练成本' },
  targets: { successTarget: '成功率 KPI', monthlyBudget: '月预算', rolloutSteps: 'rollout 长度', modelSizeB: '模型规模（B）', currency: '币种' },
};
