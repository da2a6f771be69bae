import { t, type LocalizedText } from './text';

/**
 * Seed §三 (four core challenges) and §四 (nine evaluation dimensions) as data.
 * The first four dimensions answer the four core challenges; the other five are the
 * system-level dimensions of §四.
 */
export type CriterionGroup = 'challenge' | 'system' | 'custom';

export interface FrameworkCriterion {
  id: string;
  group: CriterionGroup;
  name: LocalizedText;
  description: LocalizedText;
  focusPoints: LocalizedText[];
  highPriority: LocalizedText[];
  /** Default weight in points (the nine sum to 100). */
  weight: number;
}

export interface CoreChallenge {
  id: 'mismatch' | 'throughput' | 'context' | 'credit';
  criterionId: string;
  name: LocalizedText;
  explanation: LocalizedText;
}

export const CORE_CHALLENGES: CoreChallenge[] = [
  {
    id: 'mismatch',
    criterionId: 'mismatch-control',
    name: t('失配（Mismatch）', 'Mismatch'),
    explanation: t(
      '训练阶段的策略与推理阶段的实际执行环境之间可能存在分布偏差。例如，训练时使用的奖励模型可能无法准确反映真实任务完成度，导致策略在实际部署中表现不一致。选型时需关注方案是否提供分布对齐、奖励校准或在线反馈机制。',
      'The policy at training time and the real execution environment at inference time may drift apart. For example, the reward model used in training may not reflect true task completion, so the policy behaves inconsistently once deployed. When selecting, check whether the solution offers distribution alignment, reward calibration or an online feedback loop.',
    ),
  },
  {
    id: 'throughput',
    criterionId: 'throughput-efficiency',
    name: t('吞吐（Throughput）', 'Throughput'),
    explanation: t(
      'Agentic任务的rollout链路显著拉长，单次训练迭代所需的计算量和时间远超短程推理场景。方案的吞吐能力直接决定训练效率和迭代速度，需要评估分布式调度、异步执行、资源复用等能力。',
      'Agentic rollouts are far longer, so one training iteration needs much more compute and time than short-horizon reasoning. Throughput decides training efficiency and iteration speed: evaluate distributed scheduling, asynchronous execution and resource reuse.',
    ),
  },
  {
    id: 'context',
    criterionId: 'context-management',
    name: t('上下文（Context）', 'Context'),
    explanation: t(
      '多步任务中，智能体需要在长上下文中保持状态一致性和推理连贯性。这对模型的上下文窗口管理、状态编码与传递机制提出更高要求。选型需评估方案对长上下文的支持程度，以及上下文截断或压缩对任务成功率的影响。',
      'In multi-step tasks the agent must keep its state consistent and its reasoning coherent across a long context. This demands more of context-window management and of how state is encoded and passed on. Evaluate how well the solution supports long context, and how truncation or compression affects task success.',
    ),
  },
  {
    id: 'credit',
    criterionId: 'credit-assignment',
    name: t('信用分配（Credit Assignment）', 'Credit assignment'),
    explanation: t(
      '在长链路任务中，最终奖励可能由多个步骤共同决定，但哪一步真正贡献了成功、哪一步导致了失败，需要有效的信用分配机制。方案是否支持细粒度的步骤级奖励分解、时序差分或注意力机制，是选型的关键考量。',
      'In long-horizon tasks the final reward depends on many steps; which step really led to success and which caused failure needs an effective credit-assignment mechanism. Whether the solution supports fine-grained step-level reward decomposition, temporal-difference or attention-based attribution is a key consideration.',
    ),
  },
];

export const FRAMEWORK_CRITERIA: FrameworkCriterion[] = [
  {
    id: 'mismatch-control',
    group: 'challenge',
    name: t('失配控制', 'Mismatch control'),
    description: CORE_CHALLENGES[0].explanation,
    focusPoints: [
      t('奖励模型校准', 'Reward model calibration'),
      t('训练-推理分布对齐', 'Training–inference distribution alignment'),
      t('在线反馈闭环', 'Online feedback loop'),
    ],
    highPriority: [t('对任务成功率敏感', 'Sensitive to task success rate'), t('部署环境多变', 'Changing deployment environments')],
    weight: 12,
  },
  {
    id: 'throughput-efficiency',
    group: 'challenge',
    name: t('吞吐效率', 'Throughput efficiency'),
    description: CORE_CHALLENGES[1].explanation,
    focusPoints: [
      t('分布式rollout调度', 'Distributed rollout scheduling'),
      t('异步执行', 'Asynchronous execution'),
      t('资源弹性', 'Resource elasticity'),
      t('批次利用率', 'Batch utilization'),
    ],
    highPriority: [t('大规模并行训练', 'Large-scale parallel training'), t('快速迭代需求', 'Need for fast iteration')],
    weight: 12,
  },
  {
    id: 'context-management',
    group: 'challenge',
    name: t('上下文管理', 'Context management'),
    description: CORE_CHALLENGES[2].explanation,
    focusPoints: [t('长窗口支持', 'Long-window support'), t('状态压缩与传递', 'State compression and passing'), t('上下文窗口成本', 'Context-window cost')],
    highPriority: [t('多步骤复杂任务', 'Complex multi-step tasks'), t('代码级长上下文', 'Code-level long context')],
    weight: 11,
  },
  {
    id: 'credit-assignment',
    group: 'challenge',
    name: t('信用分配', 'Credit assignment'),
    description: CORE_CHALLENGES[3].explanation,
    focusPoints: [t('步骤级奖励', 'Step-level rewards'), t('时序归因', 'Temporal attribution'), t('多目标分解', 'Multi-objective decomposition')],
    highPriority: [t('长链路稀疏奖励', 'Long-horizon sparse rewards'), t('多步骤协同任务', 'Multi-step collaborative tasks')],
    weight: 11,
  },
  {
    id: 'stability-fault-tolerance',
    group: 'system',
    name: t('稳定性与容错', 'Stability and fault tolerance'),
    description: t(
      '长任务在中断、部分失败时能否恢复，故障是否被隔离。',
      'Whether long tasks recover from interruption and partial failure, and whether faults stay isolated.',
    ),
    focusPoints: [
      t('长任务中断恢复', 'Recovery of interrupted long tasks'),
      t('部分成功回滚', 'Rollback of partial success'),
      t('故障隔离', 'Fault isolation'),
    ],
    highPriority: [t('生产级持续训练', 'Production-grade continuous training'), t('高可用要求', 'High-availability requirements')],
    weight: 11,
  },
  {
    id: 'scalability',
    group: 'system',
    name: t('扩展性', 'Scalability'),
    description: t(
      '新任务类型、模型版本与多智能体场景能否平滑接入。',
      'Whether new task types, model versions and multi-agent scenarios can be added smoothly.',
    ),
    focusPoints: [
      t('新任务类型接入', 'Onboarding new task types'),
      t('模型版本升级', 'Model version upgrades'),
      t('多智能体协作', 'Multi-agent collaboration'),
    ],
    highPriority: [t('业务快速增长', 'Rapid business growth'), t('多场景扩展', 'Expansion to many scenarios')],
    weight: 11,
  },
  {
    id: 'security-compliance',
    group: 'system',
    name: t('安全与合规', 'Security and compliance'),
    description: t('训练数据与输出是否可隔离、可审计、可控。', 'Whether training data and outputs can be isolated, audited and controlled.'),
    focusPoints: [t('训练数据隔离', 'Training data isolation'), t('输出审计', 'Output auditing'), t('权限控制', 'Access control')],
    highPriority: [t('涉密或合规敏感场景', 'Classified or compliance-sensitive scenarios')],
    weight: 10,
  },
  {
    id: 'operations-complexity',
    group: 'system',
    name: t('运维复杂度', 'Operational complexity'),
    description: t(
      '日常运行所需的监控、追溯与自动化程度（得分越高表示运维越省心）。',
      'Monitoring, traceability and automation needed to run it day to day (a higher score means easier operations).',
    ),
    focusPoints: [t('监控告警', 'Monitoring and alerting'), t('日志追溯', 'Log tracing'), t('自动化运维', 'Automated operations')],
    highPriority: [t('团队运维资源有限', 'Team with limited operations resources')],
    weight: 11,
  },
  {
    id: 'cost-structure',
    group: 'system',
    name: t('成本结构', 'Cost structure'),
    description: t(
      '算力、存储、人力与闲置资源的总体成本（得分越高表示成本结构越有利）。',
      'Overall cost of compute, storage, staff and idle resources (a higher score means a more favourable cost structure).',
    ),
    focusPoints: [t('算力消耗', 'Compute consumption'), t('存储开销', 'Storage cost'), t('人力投入', 'Staff effort'), t('闲置资源', 'Idle resources')],
    highPriority: [t('预算受限', 'Limited budget'), t('需精细化成本管控', 'Fine-grained cost control needed')],
    weight: 11,
  },
];
