import { t, type LocalizedText } from './text';

/**
 * Seed §二 (需求拆解) as a structured questionnaire. Each question says which
 * dimensions it feeds (`feeds`: criterion ids), shown to the team as "why it matters".
 */
export type QuestionKind = 'choice' | 'multi' | 'number' | 'boolean' | 'text';

export interface QuestionOption {
  value: string;
  label: LocalizedText;
}

export interface NeedsQuestion {
  id: string;
  kind: QuestionKind;
  label: LocalizedText;
  help: LocalizedText;
  options?: QuestionOption[];
  unit?: LocalizedText;
  /** A number that is an amount of money, in the currency the `budgetCurrency` answer names. */
  money?: boolean;
  min?: number;
  max?: number;
  feeds: string[];
}

export interface NeedsGroup {
  id: 'business' | 'scale' | 'architecture' | 'team' | 'cost';
  title: LocalizedText;
  questions: NeedsQuestion[];
}

const level = (): QuestionOption[] => [
  { value: 'none', label: t('无', 'None') },
  { value: 'limited', label: t('有限', 'Limited') },
  { value: 'solid', label: t('较丰富', 'Solid') },
  { value: 'expert', label: t('专家级', 'Expert') },
];

export const NEEDS_GROUPS: NeedsGroup[] = [
  {
    id: 'business',
    title: t('2.1 业务目标', '2.1 Business goals'),
    questions: [
      {
        id: 'multiStepSuccessFocus',
        kind: 'boolean',
        label: t('是否追求智能体在复杂多步任务中的成功率提升？', 'Do you aim to raise the agent’s success rate on complex multi-step tasks?'),
        help: t('成功率敏感时，失配控制与信用分配更重要。', 'When success rate matters, mismatch control and credit assignment matter more.'),
        feeds: ['mismatch-control', 'credit-assignment'],
      },
      {
        id: 'selfCorrection',
        kind: 'boolean',
        label: t('是否需要智能体具备自我纠错和迭代优化能力？', 'Does the agent need to self-correct and iterate on its own work?'),
        help: t('自我纠错意味着更多轮次与更长上下文。', 'Self-correction means more turns and a longer context.'),
        feeds: ['context-management', 'credit-assignment'],
      },
      {
        id: 'kpis',
        kind: 'text',
        label: t(
          '是否有明确的任务成功率、响应质量或交付效率KPI？（请列出）',
          'Are there explicit KPIs for task success rate, response quality or delivery efficiency? (list them)',
        ),
        help: t('KPI 决定指标对比与灰度上线的通过标准。', 'KPIs set the bar for metrics comparison and the canary go/no-go.'),
        feeds: ['mismatch-control'],
      },
      {
        id: 'taskType',
        kind: 'choice',
        label: t('主要任务类型', 'Main task type'),
        help: t(
          '代码生成与修复任务以上下文管理和信用分配为核心瓶颈。',
          'For code generation and repair, context management and credit assignment are the core bottlenecks.',
        ),
        options: [
          { value: 'code', label: t('代码生成与修复', 'Code generation and repair') },
          { value: 'tool-use', label: t('工具调用与流程自动化', 'Tool use and workflow automation') },
          { value: 'web', label: t('网页/检索类任务', 'Web and retrieval tasks') },
          { value: 'dialogue', label: t('多轮对话', 'Multi-turn dialogue') },
          { value: 'mixed', label: t('混合', 'Mixed') },
        ],
        feeds: ['context-management', 'credit-assignment'],
      },
      {
        id: 'growthStage',
        kind: 'choice',
        label: t('业务所处阶段', 'Business stage'),
        help: t('快速增长阶段应优先关注吞吐效率和扩展性。', 'In a rapid-growth stage, throughput efficiency and scalability come first.'),
        options: [
          { value: 'exploration', label: t('探索期', 'Exploration') },
          { value: 'rapid-growth', label: t('快速增长', 'Rapid growth') },
          { value: 'stable', label: t('稳定运营', 'Stable operation') },
        ],
        feeds: ['throughput-efficiency', 'scalability'],
      },
    ],
  },
  {
    id: 'scale',
    title: t('2.2 系统规模', '2.2 System scale'),
    questions: [
      {
        id: 'rolloutSteps',
        kind: 'number',
        label: t('单次任务的rollout长度（步骤数）预期是多少？', 'Expected rollout length of one task (number of steps)?'),
        help: t(
          'rollout 越长，吞吐、上下文与信用分配压力越大，也是成本模拟的输入。',
          'Longer rollouts stress throughput, context and credit assignment, and feed the cost simulator.',
        ),
        unit: t('步', 'steps'),
        min: 1,
        max: 10000,
        feeds: ['throughput-efficiency', 'context-management', 'credit-assignment', 'cost-structure'],
      },
      {
        id: 'plannedTrainingSteps',
        kind: 'number',
        label: t('计划的训练步数（全量训练）', 'Planned training steps (the full-scale run)'),
        help: t(
          '试点校准后，成本模拟按此步数推算全量训练的时长与成本。',
          'After the pilot calibrates the simulator, the full-scale run’s duration and cost are projected for this many steps.',
        ),
        unit: t('步', 'steps'),
        min: 1,
        max: 1000000,
        feeds: ['cost-structure'],
      },
      {
        id: 'modelSizeB',
        kind: 'number',
        label: t('计划训练的模型规模', 'Size of the model to train'),
        help: t(
          '全量训练的模型参数量（十亿），用于推算成本与吞吐。',
          'Parameters of the full-scale run’s model, in billions: projects its cost and throughput.',
        ),
        unit: t('B 参数', 'B parameters'),
        min: 0.1,
        max: 10000,
        feeds: ['cost-structure', 'throughput-efficiency'],
      },
      {
        id: 'concurrentTrainingJobs',
        kind: 'number',
        label: t('并发训练任务数', 'Concurrent training jobs'),
        help: t('并发越高，越依赖分布式调度与资源弹性。', 'More concurrency leans harder on distributed scheduling and elasticity.'),
        min: 0,
        max: 100000,
        feeds: ['throughput-efficiency', 'scalability'],
      },
      {
        id: 'concurrentAgents',
        kind: 'number',
        label: t('同时在线推理的智能体数量', 'Agents serving online at the same time'),
        help: t('在线规模影响推理资源与训练-推理一致性。', 'Online scale affects inference resources and training–inference consistency.'),
        min: 0,
        max: 10000000,
        feeds: ['throughput-efficiency', 'mismatch-control'],
      },
      {
        id: 'dataScale',
        kind: 'choice',
        label: t('训练数据的规模与多样性（如代码库规模、任务类型覆盖）', 'Scale and diversity of training data (e.g. codebase size, task-type coverage)'),
        help: t('数据越多样，新任务接入与扩展性越重要。', 'The more diverse the data, the more onboarding and scalability matter.'),
        options: [
          { value: 'small', label: t('小：单一任务类型', 'Small: one task type') },
          { value: 'medium', label: t('中：若干任务类型', 'Medium: several task types') },
          { value: 'large', label: t('大：多代码库、多任务类型', 'Large: many codebases and task types') },
        ],
        feeds: ['scalability'],
      },
    ],
  },
  {
    id: 'architecture',
    title: t('2.3 技术架构', '2.3 Technical architecture'),
    questions: [
      {
        id: 'currentInfra',
        kind: 'choice',
        label: t(
          '现有后训练基础设施是自建集群还是托管云平台？',
          'Is your current post-training infrastructure a self-built cluster or a managed cloud platform?',
        ),
        help: t('现状决定迁移成本与接入兼容性。', 'The status quo sets migration cost and integration compatibility.'),
        options: [
          { value: 'self-built', label: t('自建集群', 'Self-built cluster') },
          { value: 'managed', label: t('托管云平台', 'Managed cloud platform') },
          { value: 'hybrid', label: t('混合', 'Hybrid') },
          { value: 'none', label: t('尚无', 'None yet') },
        ],
        feeds: ['operations-complexity', 'cost-structure'],
      },
      {
        id: 'integration',
        kind: 'text',
        label: t('与现有大模型基座、推理服务、评测体系的集成方式？', 'How will it integrate with existing base models, inference services and evaluation?'),
        help: t('接入方式影响扩展性与版本管理。', 'Integration affects scalability and version management.'),
        feeds: ['scalability', 'mismatch-control'],
      },
      {
        id: 'onlineLearning',
        kind: 'boolean',
        label: t('是否需要支持在线学习或持续迭代？', 'Do you need online learning or continuous iteration?'),
        help: t(
          '持续在线学习应关注在线更新能力和数据回流机制，避免训练与部署脱节。',
          'Continuous online learning needs online updates and data reflow, so training and deployment do not drift apart.',
        ),
        feeds: ['mismatch-control', 'stability-fault-tolerance'],
      },
    ],
  },
  {
    id: 'team',
    title: t('2.4 团队能力', '2.4 Team capability'),
    questions: [
      {
        id: 'rlExperience',
        kind: 'choice',
        label: t('团队是否具备RL算法调优经验？', 'Does the team have experience tuning RL algorithms?'),
        help: t(
          'RL经验有限时，应优先选择封装程度高、默认配置合理、监控完善的方案。',
          'With limited RL experience, prefer well-encapsulated solutions with sensible defaults and good monitoring.',
        ),
        options: level(),
        feeds: ['operations-complexity', 'credit-assignment'],
      },
      {
        id: 'distributedExperience',
        kind: 'choice',
        label: t('是否有分布式训练与大规模rollout管理能力？', 'Can the team run distributed training and manage large-scale rollouts?'),
        help: t('决定自建方案的可行性与运维负担。', 'Decides whether a self-built stack is feasible and what it costs to run.'),
        options: level(),
        feeds: ['operations-complexity', 'throughput-efficiency'],
      },
      {
        id: 'monitoringMaturity',
        kind: 'choice',
        label: t('故障排查和监控体系是否成熟？', 'How mature are troubleshooting and monitoring?'),
        help: t('监控不成熟时，稳定性与运维复杂度的权重应提高。', 'With immature monitoring, stability and operational complexity weigh more.'),
        options: [
          { value: 'none', label: t('基本没有', 'Barely any') },
          { value: 'basic', label: t('基础', 'Basic') },
          { value: 'mature', label: t('成熟', 'Mature') },
        ],
        feeds: ['operations-complexity', 'stability-fault-tolerance'],
      },
    ],
  },
  {
    id: 'cost',
    title: t('2.5 成本与运维', '2.5 Cost and operations'),
    questions: [
      {
        id: 'budget',
        kind: 'number',
        label: t('训练算力预算（每月）', 'Training compute budget (per month)'),
        help: t('预算是成本模拟的比较基准。', 'The budget is the yardstick for the cost simulation.'),
        unit: t('每月', 'per month'),
        money: true,
        min: 0,
        max: 1e12,
        feeds: ['cost-structure'],
      },
      {
        id: 'budgetCurrency',
        kind: 'choice',
        label: t('预算的币种', 'Currency of the budget'),
        help: t(
          '成本模拟的价格以美元计；按工作坊设置的汇率换算后与预算比较。',
          'The simulator’s prices are in US dollars; they are converted at the workshop’s exchange rate to compare with the budget.',
        ),
        options: [
          { value: 'CNY', label: t('人民币（元）', 'Chinese yuan (CNY)') },
          { value: 'USD', label: t('美元', 'US dollars (USD)') },
        ],
        feeds: ['cost-structure'],
      },
      {
        id: 'costSensitivity',
        kind: 'choice',
        label: t('对成本的敏感程度', 'How cost-sensitive are you?'),
        help: t(
          '成本敏感时需重点评估长rollout带来的额外算力开销，以及梯度累积、混合精度训练等降本手段。',
          'When cost-sensitive, weigh the extra compute of long rollouts and savings such as gradient accumulation and mixed precision.',
        ),
        options: [
          { value: 'low', label: t('低', 'Low') },
          { value: 'medium', label: t('中', 'Medium') },
          { value: 'high', label: t('高', 'High') },
        ],
        feeds: ['cost-structure'],
      },
      {
        id: 'elasticityNeed',
        kind: 'choice',
        label: t('弹性扩缩容需求', 'Need for elastic scaling'),
        help: t('长链路任务资源需求波动大，需预留弹性空间。', 'Long-horizon workloads fluctuate: leave room to scale.'),
        options: [
          { value: 'low', label: t('低', 'Low') },
          { value: 'medium', label: t('中', 'Medium') },
          { value: 'high', label: t('高', 'High') },
        ],
        feeds: ['throughput-efficiency', 'scalability', 'cost-structure'],
      },
      {
        id: 'rolloutOverheadTolerance',
        kind: 'choice',
        label: t('长链路rollout带来的额外资源消耗是否可控？', 'Is the extra resource use of long rollouts under control?'),
        help: t('不可控时应关注吞吐与成本结构。', 'If not, throughput and cost structure weigh more.'),
        options: [
          { value: 'controlled', label: t('可控', 'Under control') },
          { value: 'uncertain', label: t('不确定', 'Uncertain') },
          { value: 'uncontrolled', label: t('不可控', 'Not under control') },
        ],
        feeds: ['throughput-efficiency', 'cost-structure'],
      },
      {
        id: 'maintenanceStaff',
        kind: 'number',
        label: t('长期维护与模型版本迭代的人力投入（人）', 'Staff for long-term maintenance and model version iteration (people)'),
        help: t('人力有限时，运维复杂度的权重应提高。', 'With few people, operational complexity weighs more.'),
        unit: t('人', 'people'),
        min: 0,
        max: 10000,
        feeds: ['operations-complexity', 'cost-structure'],
      },
      {
        id: 'complianceSensitive',
        kind: 'boolean',
        label: t('是否涉及涉密或合规敏感数据（如代码）？', 'Does it involve classified or compliance-sensitive data (such as code)?'),
        help: t('涉及敏感数据时，数据隔离、输出审计与权限控制更重要。', 'With sensitive data, isolation, output auditing and access control matter more.'),
        feeds: ['security-compliance'],
      },
    ],
  },
];

export const ALL_QUESTIONS: NeedsQuestion[] = NEEDS_GROUPS.flatMap((g) => g.questions);
