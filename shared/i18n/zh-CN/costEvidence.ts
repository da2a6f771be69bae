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
};
