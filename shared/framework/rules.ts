import { t, type LocalizedText } from './text';

/**
 * Seed §五 方案适配分析 as data: conditions on needs answers → proposed weight changes.
 * Each rule is editable per workshop; evaluation lives in `shared/model/adaptation.ts`.
 */
export type ConditionOp = 'eq' | 'in' | 'gte' | 'lte' | 'truthy';

export interface RuleCondition {
  question: string;
  op: ConditionOp;
  value?: string | number | boolean | string[];
}

export interface RuleEffect {
  criterionId: string;
  /** Change in weight points (positive = more important). */
  delta: number;
}

export interface AdaptationRule {
  id: string;
  /** All conditions must hold (logical AND); several rules give OR. */
  when: RuleCondition[];
  effects: RuleEffect[];
  reason: LocalizedText;
}

export const ADAPTATION_RULES: AdaptationRule[] = [
  {
    id: 'growth-stage',
    when: [{ question: 'growthStage', op: 'eq', value: 'rapid-growth' }],
    effects: [
      { criterionId: 'throughput-efficiency', delta: 5 },
      { criterionId: 'scalability', delta: 5 },
    ],
    reason: t(
      '业务处于快速增长阶段，应优先关注吞吐效率和扩展性：长链路rollout对算力的消耗随任务复杂度呈非线性增长，方案需具备弹性扩缩容和高效资源调度能力。',
      'The business is growing fast: put throughput efficiency and scalability first. Long rollouts consume compute non-linearly with task complexity, so the solution needs elastic scaling and efficient scheduling.',
    ),
  },
  {
    id: 'limited-rl-experience',
    when: [{ question: 'rlExperience', op: 'in', value: ['none', 'limited'] }],
    effects: [
      { criterionId: 'operations-complexity', delta: 6 },
      { criterionId: 'stability-fault-tolerance', delta: 2 },
    ],
    reason: t(
      '团队RL经验有限，应优先选择封装程度高、默认配置合理、提供完善监控与日志的方案，降低调参和故障排查难度；避免需要大量手工调优reward shaping或credit assignment策略的底层方案。',
      'The team’s RL experience is limited: prefer well-encapsulated solutions with sensible defaults, good monitoring and logs, to ease tuning and troubleshooting; avoid low-level stacks that need heavy manual tuning of reward shaping or credit assignment.',
    ),
  },
  {
    id: 'code-tasks',
    when: [{ question: 'taskType', op: 'eq', value: 'code' }],
    effects: [
      { criterionId: 'context-management', delta: 5 },
      { criterionId: 'credit-assignment', delta: 5 },
    ],
    reason: t(
      '任务以代码生成与修复为主，上下文管理和信用分配是核心瓶颈：代码上下文通常较长且结构复杂，方案需支持结构化状态表示和细粒度步骤奖励。',
      'Tasks are mostly code generation and repair, where context management and credit assignment are the core bottlenecks: code context is long and structured, so the solution needs structured state and fine-grained step rewards.',
    ),
  },
  {
    id: 'cost-sensitive',
    when: [{ question: 'costSensitivity', op: 'eq', value: 'high' }],
    effects: [{ criterionId: 'cost-structure', delta: 7 }],
    reason: t(
      '对成本敏感，需重点评估长rollout带来的额外算力开销，以及方案是否支持梯度累积、混合精度训练等降本手段。',
      'The team is cost-sensitive: weigh the extra compute of long rollouts, and whether the solution supports savings such as gradient accumulation and mixed-precision training.',
    ),
  },
  {
    id: 'online-learning',
    when: [{ question: 'onlineLearning', op: 'truthy' }],
    effects: [
      { criterionId: 'mismatch-control', delta: 5 },
      { criterionId: 'stability-fault-tolerance', delta: 2 },
    ],
    reason: t(
      '需要持续在线学习，应关注方案的在线更新能力和数据回流机制，避免训练与部署脱节。',
      'Continuous online learning is needed: look at online updates and data reflow, so training and deployment do not drift apart.',
    ),
  },
  {
    id: 'compliance-sensitive',
    when: [{ question: 'complianceSensitive', op: 'truthy' }],
    effects: [{ criterionId: 'security-compliance', delta: 6 }],
    reason: t(
      '涉及涉密或合规敏感数据：训练数据隔离、输出审计与权限控制的优先级上升。',
      'Classified or compliance-sensitive data is involved: training-data isolation, output auditing and access control rise in priority.',
    ),
  },
  {
    id: 'long-rollouts',
    when: [{ question: 'rolloutSteps', op: 'gte', value: 30 }],
    effects: [
      { criterionId: 'throughput-efficiency', delta: 3 },
      { criterionId: 'credit-assignment', delta: 3 },
    ],
    reason: t(
      '预期rollout长度较长（≥30步）：链路拉长使单次迭代的计算量和时间显著增加，稀疏奖励下信用分配更难。',
      'Expected rollouts are long (≥ 30 steps): each iteration needs much more compute and time, and credit assignment under sparse rewards gets harder.',
    ),
  },
  {
    id: 'limited-ops-staff',
    when: [{ question: 'monitoringMaturity', op: 'in', value: ['none', 'basic'] }],
    effects: [{ criterionId: 'operations-complexity', delta: 3 }],
    reason: t(
      '故障排查和监控体系尚不成熟：团队运维资源有限时，应提高运维复杂度（监控告警、日志追溯、自动化运维）的权重。',
      'Troubleshooting and monitoring are not yet mature: with limited operations resources, weigh operational complexity (alerting, log tracing, automation) more.',
    ),
  },
];
