import { t, type LocalizedText } from './text';

/** Seed §六 决策路径: the seven steps of the wizard. */
export interface DecisionStep {
  id: 'needs' | 'screening' | 'validation' | 'metrics' | 'evaluation' | 'canary' | 'iteration';
  number: number;
  name: LocalizedText;
  guidance: LocalizedText;
}

export const DECISION_STEPS: DecisionStep[] = [
  {
    id: 'needs',
    number: 1,
    name: t('需求确认', 'Needs confirmation'),
    guidance: t(
      '明确任务类型、rollout预期长度、成功率目标、团队能力现状。',
      'Pin down the task type, expected rollout length, success-rate target and the team’s current capability.',
    ),
  },
  {
    id: 'screening',
    number: 2,
    name: t('初筛范围', 'Screening'),
    guidance: t(
      '基于需求确定需要重点评估的2-3类方案（如自建分布式训练集群、托管云训练平台、混合架构）。',
      'From the needs, choose the 2–3 kinds of solution to evaluate closely (e.g. self-built distributed training cluster, managed cloud training platform, hybrid architecture).',
    ),
  },
  {
    id: 'validation',
    number: 3,
    name: t('小规模验证', 'Small-scale validation'),
    guidance: t(
      '选取代表性任务类型，用小规模rollout测试吞吐、失配和信用分配表现。',
      'Pick representative task types and test throughput, mismatch and credit assignment with small-scale rollouts.',
    ),
  },
  {
    id: 'metrics',
    number: 4,
    name: t('指标对比', 'Metrics comparison'),
    guidance: t(
      '记录训练迭代速度、奖励收敛曲线、任务成功率、资源利用率等关键指标。',
      'Record key metrics: training iteration speed, reward convergence curves, task success rate, resource utilization.',
    ),
  },
  {
    id: 'evaluation',
    number: 5,
    name: t('综合评估', 'Overall evaluation'),
    guidance: t('结合成本、运维复杂度、扩展性进行加权判断。', 'Weigh cost, operational complexity and scalability into one judgment.'),
  },
  {
    id: 'canary',
    number: 6,
    name: t('灰度上线', 'Canary rollout'),
    guidance: t('在有限流量或任务子集上验证生产环境表现。', 'Validate production behaviour on limited traffic or a subset of tasks.'),
  },
  {
    id: 'iteration',
    number: 7,
    name: t('持续迭代', 'Continuous iteration'),
    guidance: t(
      '根据线上反馈调整 reward design、上下文策略和资源配置。',
      'Adjust reward design, context strategy and resource configuration from production feedback.',
    ),
  },
];

/** Seed §七 验证方法. */
export interface ValidationMethod {
  id: 'benchmark' | 'throughput-stress' | 'mismatch-experiment' | 'credit-ablation' | 'cost-simulation';
  name: LocalizedText;
  description: LocalizedText;
}

export const VALIDATION_METHODS: ValidationMethod[] = [
  {
    id: 'benchmark',
    name: t('基准测试', 'Benchmark'),
    description: t(
      '构建包含短程、中程、长程三类任务的测试集，对比不同方案在各长度上的表现差异。',
      'Build a test set of short, medium and long-horizon tasks and compare how each solution performs at each length.',
    ),
  },
  {
    id: 'throughput-stress',
    name: t('吞吐压测', 'Throughput stress test'),
    description: t(
      '模拟并发rollout场景，观察方案在高负载下的调度效率和资源利用。',
      'Simulate concurrent rollouts and observe scheduling efficiency and resource use under high load.',
    ),
  },
  {
    id: 'mismatch-experiment',
    name: t('失配实验', 'Mismatch experiment'),
    description: t(
      '对比训练环境与推理环境的奖励分布差异，验证分布对齐机制的有效性。',
      'Compare reward distributions between training and inference environments to validate the alignment mechanism.',
    ),
  },
  {
    id: 'credit-ablation',
    name: t('消融实验', 'Credit-assignment ablation'),
    description: t(
      '分别关闭/开启信用分配模块，观察任务成功率变化，判断该模块的实际贡献。',
      'Switch the credit-assignment module off and on and observe task success, to judge what it really contributes.',
    ),
  },
  {
    id: 'cost-simulation',
    name: t('成本模拟', 'Cost simulation'),
    description: t(
      '基于预估训练步数和rollout长度，估算不同方案的资源消耗与费用。',
      'From the expected training steps and rollout length, estimate each solution’s resource use and cost.',
    ),
  },
];

/** Seed §八 落地注意事项: the rollout checklist template. */
export interface ChecklistTemplateItem {
  id: 'integration' | 'data-isolation' | 'monitoring' | 'security-audit' | 'version-management' | 'elastic-planning';
  title: LocalizedText;
  description: LocalizedText;
}

export const ROLLOUT_CHECKLIST: ChecklistTemplateItem[] = [
  {
    id: 'integration',
    title: t('接入兼容性', 'Integration compatibility'),
    description: t(
      '确认方案与现有模型基座、推理服务、数据管线的接口适配，避免大规模改造。',
      'Confirm the interfaces fit the existing base models, inference services and data pipelines, avoiding large rework.',
    ),
  },
  {
    id: 'data-isolation',
    title: t('数据隔离', 'Data isolation'),
    description: t(
      '训练数据与推理数据需做好隔离，尤其是涉及代码等敏感内容时。',
      'Keep training and inference data isolated, especially for sensitive content such as code.',
    ),
  },
  {
    id: 'monitoring',
    title: t('监控体系', 'Monitoring'),
    description: t(
      '建立覆盖rollout执行、奖励计算、策略更新全链路的监控告警，及时发现长任务中断或奖励异常。',
      'Monitor and alert across rollout execution, reward computation and policy updates, to catch interrupted long tasks or reward anomalies early.',
    ),
  },
  {
    id: 'security-audit',
    title: t('安全审计', 'Security audit'),
    description: t(
      '智能体的执行动作和输出内容需有日志留存，便于追溯和合规审查。',
      'Keep logs of the agent’s actions and outputs for tracing and compliance review.',
    ),
  },
  {
    id: 'version-management',
    title: t('版本管理', 'Version management'),
    description: t(
      '模型基座、奖励模型、策略版本需统一管理，避免训练-部署版本不一致导致失配。',
      'Manage base-model, reward-model and policy versions together, so training and deployment versions never diverge into mismatch.',
    ),
  },
  {
    id: 'elastic-planning',
    title: t('弹性规划', 'Elastic planning'),
    description: t(
      '长链路任务的资源需求波动大，需预留弹性空间，避免高峰期资源不足。',
      'Long-horizon workloads fluctuate: keep headroom to avoid running short at peaks.',
    ),
  },
];

/** Seed §九 core principles, shown where they apply. */
export const PRINCIPLES: LocalizedText[] = [
  t('不追求单一指标最优，而是追求整体适配', 'Seek overall fit, not the best single metric'),
  t('优先用小规模验证替代理论推演', 'Prefer small-scale validation to theoretical reasoning'),
  t('关注长期可维护性而非短期效果', 'Favour long-term maintainability over short-term results'),
  t(
    '如果团队能力和运维资源有限，可优先考虑托管化程度高、默认配置成熟的云平台方案，以降低落地门槛',
    'If team capability and operations resources are limited, consider highly managed cloud platforms with mature defaults to lower the barrier',
  ),
];
