import { t, type LocalizedText } from './text';

export type CandidateKind = 'self-built' | 'managed' | 'hybrid' | 'custom';

export interface FrameworkCandidate {
  id: string;
  kind: CandidateKind;
  name: LocalizedText;
  description: LocalizedText;
}

/** Seed §六.2 初筛: the three kinds of solution, the default candidates of a new workshop. */
export const DEFAULT_CANDIDATES: FrameworkCandidate[] = [
  {
    id: 'self-built',
    kind: 'self-built',
    name: t('自建分布式训练集群', 'Self-built distributed training cluster'),
    description: t(
      '自有GPU集群与自研/开源RL训练栈：控制力最强，需分布式训练与大规模rollout管理能力。',
      'Own GPU cluster with an in-house or open-source RL stack: most control; needs distributed-training and large-scale rollout skills.',
    ),
  },
  {
    id: 'managed',
    kind: 'managed',
    name: t('托管云训练平台', 'Managed cloud training platform'),
    description: t(
      '云厂商提供的弹性算力与托管训练环境：封装程度高、默认配置成熟，降低基础设施搭建门槛。',
      'Elastic compute and a managed training environment from a cloud vendor: well encapsulated with mature defaults; lowers the infrastructure barrier.',
    ),
  },
  {
    id: 'hybrid',
    kind: 'hybrid',
    name: t('混合架构', 'Hybrid architecture'),
    description: t('自有基础算力承载常态负载，高峰期弹性使用云上算力。', 'Owned base capacity for steady load, with cloud capacity for peaks.'),
  },
];
