import type { Widen } from '../types';
import type { verdict as en } from '../en/verdict';

/** The fragile-winner verdict's words, Chinese. */
export const verdict: Widen<typeof en> = {
  fragileTag: '脆弱的第一名',
  robustTag: '稳健',
  fragile: (name) => `${name} 领先，但领先并不稳固。`,
  robust: (name) => `${name} 领先，且经得起检验。`,
  lowAcceptability: (p, limit) => `只在 ${p} 的模拟中排名第一（低于 ${limit}）。`,
  smallChange: (criterion, change, name, limit) => `${criterion} 的权重变化 ${change} 个百分点，${name} 就会成为第一（不足 ${limit} 个百分点）。`,
  narrowMargin: (margin, limit) => `领先第二名 ${margin} 分（满分 100，不足 ${limit} 分）。`,
  incomplete: (coverage) => `其总分所依据的评分只覆盖 ${coverage} 的权重。`,
  criticalUp: (criterion, change, percent, name) => `最关键维度：${criterion} —— 权重增加 ${change} 个百分点（其权重的 ${percent}），${name} 将成为第一。`,
  criticalDown: (criterion, change, percent, name) => `最关键维度：${criterion} —— 权重减少 ${change} 个百分点（其权重的 ${percent}），${name} 将成为第一。`,
  noCritical: '单独改变任何一个权重都不会改变第一名。',
  firstRank: (name, p) => `${name} 在 ${p} 的模拟中排名第一。`,
  topsisAgrees: (name) => `TOPSIS 结论一致：按与理想解的接近度，${name} 同样第一。`,
  topsisDiffers: (name) => `TOPSIS 结论不同：按与理想解的接近度，${name} 将排第一。`,
};
