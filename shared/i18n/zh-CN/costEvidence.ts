import type { Widen } from '../types';
import type { costEvidence as en } from '../en/costEvidence';

/** The cost-evidence table's words, Chinese. */
export const costEvidence: Widen<typeof en> = {
  title: '成本与吞吐证据',
  intro:
    '每个候选方案的全量训练（候选方案的场景，加上需求中计划的训练步数和模型规模）：按第 4 步试点校准的推算，附由拟合不确定性与模拟抽样误差给出的 p10–p90 区间；未做试点校准的候选方案，显示模拟器对同一训练的未校准估算。成本按工作坊的币种计，并与训练期间的预算比较。',
  candidate: '候选方案',
  source: '依据',
  run: '全量训练',
  step: '每步耗时',
  wall: '训练时长',
  cost: '训练成本',
  budgetForRun: '训练期间的预算',
  share: '成本 ÷ 预算',
  estimate: '未校准估算',
  stale: '已过期',
  // 估算范围（issue 29）：未校准估算超出其验证范围。
  outsideTag: '超出验证范围',
  outside:
    '{{name}}：此未校准估算超出估算的验证范围（{{reasons}}），可能与完整模拟相差很大。请先在该候选方案的模拟器中运行完整模拟，或在第 4 步校准试点，再采用这些数值。',
  region: {
    kvPressure: 'KV 缓存压力：工具调用期间的缓存容不下各 rollout 的上下文',
    fewRolloutsPerEngine: '每个推理引擎少于 {{n}} 个 rollout',
    contextTruncation: '多数 rollout 达到上下文窗口上限',
    syncPartialRollout: '同步模式下的部分 rollout',
    outsideGrid: '模型规模、GPU 数量或型号、轮数、工具延迟或上下文超出验证网格',
  },
  regionSep: '；',
};
