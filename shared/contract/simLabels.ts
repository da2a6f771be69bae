/**
 * Names of the cost-simulation scenario's fields and of their options, in both languages: the
 * simulator screen's labels and the reports' scenario tables (which must not show raw keys
 * such as `cost.archetype`) read them from here.
 */
const en = {
  field: {
    steps: 'Training steps',
    promptsPerStep: 'Prompts per step',
    rolloutsPerPrompt: 'Rollouts per prompt (group size)',
    seed: 'Random seed',
    rollout: {
      turns: { median: 'Turns per rollout — median', p99: 'Turns per rollout — p99', max: 'Turns per rollout — cap' },
      generatedTokensPerTurn: { median: 'Generated tokens per turn — median', p99: 'Generated tokens per turn — p99', max: 'Generated tokens per turn — cap' },
      observationTokensPerTurn: {
        median: 'Observation tokens per turn — median',
        p99: 'Observation tokens per turn — p99',
        max: 'Observation tokens per turn — cap',
      },
      toolLatencySeconds: { median: 'Tool call latency — median', p99: 'Tool call latency — p99', max: 'Tool call latency — cap' },
      envFailureRate: 'Sandbox failure rate per tool call',
      envMaxRetries: 'Restarts after sandbox failures',
      promptTokens: 'Prompt tokens',
      maxContextTokens: 'Context window',
      overflow: 'When the context is full',
      summaryTokens: 'Summary tokens (summarize)',
    },
    model: {
      layers: 'Transformer layers (automatic from the size if empty)',
      kvHeads: 'KV heads (automatic if empty)',
      headDim: 'Head dimension (automatic if empty)',
      paramsB: 'Model size (total parameters)',
      activeParamsB: 'Active parameters per token (MoE)',
      precision: 'Precision',
    },
    cluster: {
      prefillMfu: 'Prefill MFU',
      decodeBandwidthEfficiency: 'Decode memory-bandwidth efficiency',
      cudaGraphs: 'Decode with CUDA graphs (off = eager mode)',
      decodeStepHostSeconds: 'Host time per decode step (synchronous scheduler)',
      gpuMemoryUtilization: 'Share of GPU memory for the inference engine',
      maxSequencesPerEngine: 'Concurrent sequences per inference engine',
      hostLinkGBps: 'Host link bandwidth (KV swap)',
      gpu: 'GPU type',
      gpus: 'GPUs in the run',
      colocated: 'Colocated: rollout and training take turns on all GPUs',
      rolloutGpus: 'Rollout pool GPUs',
      trainGpus: 'Training pool GPUs',
      tensorParallel: 'GPUs per inference engine (tensor parallel)',
      mfu: 'Training MFU',
      networkGBps: 'Weight-sync network bandwidth',
      kvDuringTool: 'KV cache during a tool call',
      preemption: 'When the KV pool is full',
    },
    system: {
      mode: 'Mode',
      staleness: 'Staleness bound (async)',
      partialRollout: 'Partial rollout (asynchronous only): long rollouts pause at the step’s cut-off and resume in the next step',
      partialCutoffTokens: 'Partial-rollout cut-off per step',
    },
    training: {
      microBatchTokens: 'Tokens per micro-batch',
      gradientAccumulation: 'Gradient accumulation steps',
      extraForwardPasses: 'Extra forward passes (reference / old policy)',
      critic: 'PPO critic (value model of the policy’s size)',
    },
    environment: {
      rewardModelGpus: 'GPUs of the reward model',
      sandboxStartSeconds: 'Sandbox start-up per rollout',
      rewardSeconds: 'Reward / verifier latency per rollout',
      maxConcurrentSandboxes: 'Cap on concurrent sandboxes',
      dynamicSamplingDropRate: 'Dynamic sampling: share of groups dropped',
    },
    overheads: {
      engineSleepWakeSeconds: 'Inference engine sleep and wake-up',
      offloadTrainerState: 'Offload trainer state between phases',
      syncLatencySeconds: 'Weight-sync latency',
      storageGBps: 'Checkpoint storage write bandwidth',
      evalEverySteps: 'Evaluation every N steps (0 = none)',
      evalSeconds: 'Duration of one evaluation',
    },
    reliability: {
      gpuMtbfHours: 'MTBF of one GPU',
      checkpointMinutes: 'Checkpoint interval',
      restartMinutes: 'Restart time after a failure',
    },
    cost: {
      reservedDiscountPercent: 'Discount for reserved capacity',
      spotDiscountPercent: 'Discount for spot capacity',
      spotInterruptionsPerNodeHour: 'Spot interruptions per node-hour',
      archetype: 'Archetype of the cost total',
      horizonMonths: 'Billing horizon',
      gpuHourPrice: 'Cloud price per GPU-hour',
      pricing: 'Rented capacity',
      platformFeePercent: 'Managed platform fee',
      purchasePricePerGpu: 'Purchase price per GPU',
      amortisationMonths: 'Hardware amortisation',
      opsStaffPerMonth: 'Operations staff (owned GPUs)',
      hybridOwnedGpus: 'Hybrid: owned GPUs',
      electricityPerKwh: 'Electricity price',
      pue: 'Datacentre PUE',
      powerKwPerGpu: 'Server power per GPU',
      idlePowerFraction: 'Idle power, fraction of full power',
      datacentrePerGpuMonth: 'Datacentre space and cooling per GPU',
      serverOverheadPercent: 'Servers and network on top of the GPU price',
      storageGB: 'Storage on the platform',
      storagePerGBMonth: 'Storage price',
    },
  },
  unit: {
    steps: 'steps',
    prompts: 'prompts',
    rollouts: 'rollouts',
    turns: 'turns',
    tokens: 'tokens',
    seconds: 's',
    minutes: 'min',
    hours: 'h',
    months: 'months',
    probability: 'probability, 0–1',
    fraction: '0–1',
    batches: 'batches',
    billionParams: 'billion parameters',
    gpus: 'GPUs',
    percent: '%',
    usdPerGpuHour: 'USD per GPU-hour',
    usd: 'USD',
    usdPerMonth: 'USD per month',
    usdPerGpuMonth: 'USD per GPU-month',
    usdPerKwh: 'USD per kWh',
    usdPerGbMonth: 'USD per GB-month',
    gb: 'GB',
    kw: 'kW',
    gbPerSecond: 'GB/s',
    none: '',
  },
  option: {
    rollout: { overflow: { truncate: 'Truncate (end the rollout)', summarize: 'Summarize and continue', fail: 'Fail the rollout' } },
    model: { precision: { bf16: 'BF16', fp8: 'FP8' } },
    system: { mode: { sync: 'Synchronous', async: 'Asynchronous' } },
    cost: {
      archetype: { 'self-built': 'Self-built cluster', managed: 'Managed cloud platform', hybrid: 'Hybrid' },
      pricing: {
        'on-demand': 'On-demand',
        reserved: 'Reserved / committed (discount, billed for the whole horizon)',
        spot: 'Spot (discount, interruptions count as failures)',
      },
    },
    cluster: {
      kvDuringTool: { free: 'Freed to the prefix cache (re-prefilled if evicted)', keep: 'Kept (pinned until the next turn)' },
      preemption: { recompute: 'Preempt and recompute (re-prefill)', swap: 'Preempt and swap to host memory' },
    },
  },
};

const zh: typeof en = {
  field: {
    steps: '训练步数',
    promptsPerStep: '每步提示数',
    rolloutsPerPrompt: '每个提示的 rollout 数（组大小）',
    seed: '随机种子',
    rollout: {
      turns: { median: '每个 rollout 的轮数 — 中位数', p99: '每个 rollout 的轮数 — p99', max: '每个 rollout 的轮数 — 上限' },
      generatedTokensPerTurn: { median: '每轮生成 token 数 — 中位数', p99: '每轮生成 token 数 — p99', max: '每轮生成 token 数 — 上限' },
      observationTokensPerTurn: { median: '每轮观测 token 数 — 中位数', p99: '每轮观测 token 数 — p99', max: '每轮观测 token 数 — 上限' },
      toolLatencySeconds: { median: '工具调用延迟 — 中位数', p99: '工具调用延迟 — p99', max: '工具调用延迟 — 上限' },
      envFailureRate: '每次工具调用的沙箱失败率',
      envMaxRetries: '沙箱失败后的重启次数',
      promptTokens: '提示 token 数',
      maxContextTokens: '上下文窗口',
      overflow: '上下文写满时',
      summaryTokens: '摘要 token 数（摘要策略）',
    },
    model: {
      layers: 'Transformer 层数（留空则按规模自动推算）',
      kvHeads: 'KV 头数（留空则自动）',
      headDim: '注意力头维度（留空则自动）',
      paramsB: '模型规模（总参数量）',
      activeParamsB: '每 token 激活参数（MoE）',
      precision: '精度',
    },
    cluster: {
      prefillMfu: '预填充 MFU',
      decodeBandwidthEfficiency: '解码显存带宽利用率',
      cudaGraphs: '解码使用 CUDA Graph（关闭 = eager 模式）',
      decodeStepHostSeconds: '每个解码步的主机时间（同步调度器）',
      gpuMemoryUtilization: '推理引擎占用的显存比例',
      maxSequencesPerEngine: '每个推理引擎的并发序列数',
      hostLinkGBps: '主机链路带宽（KV 换出）',
      gpu: 'GPU 型号',
      gpus: '本次运行的 GPU 数',
      colocated: '共置：rollout 与训练轮流使用全部 GPU',
      rolloutGpus: 'Rollout 池 GPU 数',
      trainGpus: '训练池 GPU 数',
      tensorParallel: '每个推理引擎的 GPU 数（张量并行）',
      mfu: '训练 MFU',
      networkGBps: '权重同步网络带宽',
      kvDuringTool: '工具调用期间的 KV 缓存',
      preemption: 'KV 池满时',
    },
    system: {
      mode: '模式',
      staleness: '陈旧度上限（异步）',
      partialRollout: '部分 rollout（仅异步）：长 rollout 在本步截止处暂停，下一步继续',
      partialCutoffTokens: '部分 rollout 每步截止',
    },
    training: {
      microBatchTokens: '每个微批次的 token 数',
      gradientAccumulation: '梯度累积步数',
      extraForwardPasses: '额外前向计算次数（参考 / 旧策略）',
      critic: 'PPO 价值模型（critic，与策略同规模）',
    },
    environment: {
      rewardModelGpus: '奖励模型占用的 GPU 数',
      sandboxStartSeconds: '每个 rollout 的沙箱启动时间',
      rewardSeconds: '每个 rollout 的奖励/验证耗时',
      maxConcurrentSandboxes: '并发沙箱上限',
      dynamicSamplingDropRate: '动态采样：被丢弃的组占比',
    },
    overheads: {
      engineSleepWakeSeconds: '推理引擎休眠与唤醒',
      offloadTrainerState: '阶段之间卸载训练器状态',
      syncLatencySeconds: '权重同步延迟',
      storageGBps: '检查点存储写入带宽',
      evalEverySteps: '每 N 步评测一次（0 = 不评测）',
      evalSeconds: '单次评测耗时',
    },
    reliability: {
      gpuMtbfHours: '单卡平均故障间隔（MTBF）',
      checkpointMinutes: '检查点间隔',
      restartMinutes: '故障后重启时间',
    },
    cost: {
      reservedDiscountPercent: '预留容量折扣',
      spotDiscountPercent: '竞价容量折扣',
      spotInterruptionsPerNodeHour: '每节点小时的竞价中断次数',
      archetype: '成本合计所用的方案类型',
      horizonMonths: '计费周期',
      gpuHourPrice: '云上每 GPU 小时价格',
      pricing: '租用方式',
      platformFeePercent: '托管平台服务费',
      purchasePricePerGpu: '每卡采购价',
      amortisationMonths: '硬件折旧期',
      opsStaffPerMonth: '运维人力（自有 GPU）',
      hybridOwnedGpus: '混合：自有 GPU 数',
      electricityPerKwh: '电价',
      pue: '数据中心 PUE',
      powerKwPerGpu: '每卡服务器功率',
      idlePowerFraction: '空闲功耗（占满载比例）',
      datacentrePerGpuMonth: '每卡机房空间与制冷',
      serverOverheadPercent: 'GPU 之外的服务器与网络',
      storageGB: '平台存储量',
      storagePerGBMonth: '存储价格',
    },
  },
  unit: {
    steps: '步',
    prompts: '个',
    rollouts: '个',
    turns: '轮',
    tokens: 'token',
    seconds: '秒',
    minutes: '分钟',
    hours: '小时',
    months: '月',
    probability: '概率，0–1',
    fraction: '0–1',
    batches: '批',
    billionParams: '十亿参数',
    gpus: '卡',
    percent: '%',
    usdPerGpuHour: '美元/GPU·小时',
    usd: '美元',
    usdPerMonth: '美元/月',
    usdPerGpuMonth: '美元/卡·月',
    usdPerKwh: '美元/千瓦时',
    usdPerGbMonth: '美元/GB·月',
    gb: 'GB',
    kw: '千瓦',
    gbPerSecond: 'GB/秒',
    none: '',
  },
  option: {
    rollout: { overflow: { truncate: '截断（结束 rollout）', summarize: '摘要后继续', fail: '判为失败' } },
    model: { precision: { bf16: 'BF16', fp8: 'FP8' } },
    system: { mode: { sync: '同步', async: '异步' } },
    cost: {
      archetype: { 'self-built': '自建集群', managed: '托管云平台', hybrid: '混合方案' },
      pricing: { 'on-demand': '按需', reserved: '预留/承诺使用（折扣，按整个计费周期计费）', spot: '竞价实例（折扣，中断计为故障）' },
    },
    cluster: {
      kvDuringTool: { free: '释放到前缀缓存（被驱逐则重新 prefill）', keep: '保留（固定到下一轮）' },
      preemption: { recompute: '抢占并重算（重新 prefill）', swap: '抢占并换出到主机内存' },
    },
  },
};

export const SIM_LABELS = { en, 'zh-CN': zh } as const;

type Tree = { readonly [k: string]: string | Tree };

function at(tree: Tree, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

/** The label of a scenario field by its dotted path (`rollout.turns.median`), or `undefined` if it has none. */
export function simFieldLabel(path: string, lang: 'en' | 'zh-CN'): string | undefined {
  const label = at(SIM_LABELS[lang].field, path);
  return typeof label === 'string' ? label : undefined;
}

/** The label of an option value of a scenario field (`cost.archetype` = `managed`), or `undefined`. */
export function simOptionLabel(path: string, value: string, lang: 'en' | 'zh-CN'): string | undefined {
  const options = at(SIM_LABELS[lang].option, path);
  const label = typeof options === 'object' ? options[value] : undefined;
  return typeof label === 'string' ? label : undefined;
}

/** Units not written after a value: the field's name says what it is (a share 0–1, a probability). */
const UNITLESS = new Set(['none', 'fraction', 'probability']);

/**
 * A scenario value with its unit, for reading: "8 turns", "30 s", "16 GPUs", "2.5 USD per
 * GPU-hour" ("8 轮", "30 秒", "16 卡"). `unit` is the field's unit (shared/model/simulation-form
 * `fieldSpec(path).unit`); a value without one is returned as it is.
 */
export function simValueText(value: string, unit: string | undefined, lang: 'en' | 'zh-CN'): string {
  if (!unit || UNITLESS.has(unit)) return value;
  const name = SIM_LABELS[lang].unit[unit as keyof typeof en.unit];
  if (!name) return value;
  return unit === 'percent' ? `${value}${name}` : `${value} ${name}`;
}
