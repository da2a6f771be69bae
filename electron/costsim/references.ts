import { SimScenarioSchema, type SimReference, type SimReferences, type SimResult, type SimScenario, type SimScenarioParsed } from '../../shared/cost/schema';
import { fitTail, tailMean, tailVariance } from './distributions';
import { modelShape } from './decode';
import { peakFlops, resolveGpu } from './gpus';
import { estimateScenario } from './analytic';
import { causalPairs, checkpointBytes, trainAttentionFlops, weightSyncSeconds } from './train';

/**
 * Reference runs: published agentic-RL training runs mapped to scenarios, with the simulator's
 * prediction beside each published figure.
 *
 * Every figure below was read in its source (the path and commit are cited per reference).
 * What a publication leaves open is assumed ONCE per model family and stated with its reason;
 * nothing is tuned per row, and no parameter lacks a physical meaning. A step time counts as
 * reproduced within ±25 %, a speed-up or scaling ratio within ±30 %. A reference the model does
 * not reproduce is shown as such with the reason, never tuned away.
 */

export const STEP_TOLERANCE = 0.25;
export const RATIO_TOLERANCE = 0.3;

type Text = { en: string; zh: string };
const s = (en: string, zh: string): Text => ({ en, zh });

interface FigureSpec {
  id: string;
  label: Text;
  /** A run's mean step time, or the ratio of two runs' step times (numerator / denominator). */
  run?: string;
  ratio?: [string, string];
  published: number;
  /** The published number bounds the simulated quantity from above (default: a point estimate). */
  bound?: 'upper';
}

interface ReferenceSpec {
  id: string;
  title: Text;
  source: { citation: string; url: string };
  config: Text;
  assumptions: { what: Text; value: Text; why: Text }[];
  runs: Record<string, SimScenario>;
  figures: FigureSpec[];
  /** Why the model does not reproduce this reference (shown when a figure is out of bounds). */
  reason?: Text;
  /** What a reader must know to weigh the comparison (shown whatever the status). */
  caveats?: Text[];
}

// ---------------------------------------------------------------------------------------------
// Shared assumptions

const NO_FAILURES = { gpuMtbfHours: 1e9 };
const SINGLE_TURN = {
  turns: { median: 1, p99: 1, max: 1 },
  observationTokensPerTurn: { median: 1, p99: 1, max: 1 },
  toolLatencySeconds: { median: 0.001, p99: 0.001, max: 0.001 },
  envFailureRate: 0,
};

/**
 * Host time of one decode step under vLLM's synchronous scheduler, seconds: the GPU idles about
 * 4 ms per decode step while the CPU schedules, prepares inputs and processes the sampled tokens
 * (vLLM issue #6854, “[RFC]: Multi-Step Scheduling”, profile of one decode step). vLLM's
 * `async_scheduling`, which overlaps this, is off by default in the versions these runs used.
 */
const VLLM_SYNC_SCHEDULER_HOST_SECONDS = 0.004;

/** Qwen2.5-Math-7B (config.json: 28 layers, 4 KV heads, head dim 128, 7.6 B parameters). */
const QWEN25_MATH_7B = { paramsB: 7.6, layers: 28, kvHeads: 4, headDim: 128 };
/** DeepSeek-R1-Distill-Qwen-1.5B (Qwen2.5-Math-1.5B shape: 28 layers, 2 KV heads, 1.78 B). */
const R1_DISTILL_1_5B = { paramsB: 1.78, layers: 28, kvHeads: 2, headDim: 128 };
/** DeepSeek-R1-Distill-Qwen-7B (Qwen2.5-Math-7B shape). */
const R1_DISTILL_7B = QWEN25_MATH_7B;
/** Qwen3-32B (config.json: 64 layers, 8 KV heads, head dim 128, 32.8 B parameters). */
const QWEN3_32B = { paramsB: 32.8, layers: 64, kvHeads: 8, headDim: 128 };

/** Training MFU on H20 (148 dense BF16 TFLOPS for 4 TB/s: matmuls reach a larger share of a smaller peak than on H100). */
const H20_MFU = 0.5;
/** DAPO-Math-17k prompts with the chat template: a few hundred tokens. */
const DAPO_PROMPT_TOKENS = 256;
/** Shape of a run's response lengths (only the cap is published): log-normal with p99 = 10 × median. */
const DAPO_P99_OVER_MEDIAN = 10;
/**
 * Gradient checkpointing recomputes the forward in the backward pass (verl's default,
 * enable_gradient_checkpointing: true): an update costs (6 + 2) · N FLOPs per trained token.
 */
const RECOMPUTE_PASSES = 1;

/**
 * The response lengths of one verl run, from its own published update_actor seconds. Each run's
 * lengths drift differently over training (the doc says so) and only the cap is published, but
 * the update's time is: at H20_MFU on the run's training GPUs it does
 *   update_actor · trainGpus · peak · MFU = responses · ((6 + 2·recompute) · N · E[L] + attention(E[L²]))
 * FLOPs (L = prompt + response; attention quadratic in L, as the simulator's training counts it:
 * `trainAttentionFlops`). The log-normal of the family's shape whose capped response lengths
 * give those FLOPs is found by bisection on its median.
 */
export function lengthFromUpdate(o: { updateSeconds: number; trainGpus: number; responses: number; maxResponse: number }): {
  median: number;
  p99: number;
  max: number;
} {
  const N = QWEN25_MATH_7B.paramsB * 1e9;
  const shape = modelShape({ ...QWEN25_MATH_7B, activeParamsB: null, precision: 'bf16' });
  const peak = peakFlops(resolveGpu('H20'), 'bf16');
  const budget = o.updateSeconds * o.trainGpus * peak * H20_MFU;
  const tail = (median: number) => ({ median, p99: DAPO_P99_OVER_MEDIAN * median, max: o.maxResponse });
  const flops = (median: number) => {
    const t = fitTail(tail(median));
    const L = DAPO_PROMPT_TOKENS + tailMean(t);
    const pairs = causalPairs(L) + tailVariance(t) / 2;
    return o.responses * ((6 + 2 * RECOMPUTE_PASSES) * N * L + trainAttentionFlops(shape, pairs, RECOMPUTE_PASSES));
  };
  let lo = 1;
  let hi = o.maxResponse;
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    if (flops(mid) < budget) lo = mid;
    else hi = mid;
  }
  return tail(Math.round(Math.sqrt(lo * hi)));
}

/**
 * The colocated switch of verl's hybrid engine (wake the vLLM engines, reshard the weights into
 * them, sleep them again) on H20 for this model: the one-step-off README's colocated row times
 * gen at 321 s and generate_sequences at 247 s, the rest being the switch. The simulator's
 * colocated weight update is the resharding over NVLink plus engine sleep/wake, so sleep/wake
 * is the switch less the resharding.
 */
const VERL_H20_SWITCH_SECONDS = 321 - 247;
const verlSleepWakeSeconds = () => VERL_H20_SWITCH_SECONDS - weightSyncSeconds(QWEN25_MATH_7B.paramsB * 1e9 * 2, resolveGpu('H20').interconnectGBps);

/** The scripts save no checkpoint during the run (trainer.save_freq=-1): no periodic checkpoint. */
const NO_PERIODIC_CHECKPOINT = 1e9;

function verl7b(o: {
  gpus: number;
  maxResponse: number;
  mode: 'sync' | 'async';
  rolloutGpus?: number;
  staleness?: number;
  oldLogProb: boolean;
  /** The run's published update_actor seconds (its lengths are derived from it). */
  updateActor: number;
  steps?: number;
  tp?: number;
  n?: number;
}): SimScenario {
  const n = o.n ?? 16;
  const trainGpus = o.mode === 'sync' ? o.gpus : o.gpus - (o.rolloutGpus ?? o.gpus / 2);
  return {
    seed: 1,
    steps: o.steps ?? (o.mode === 'async' ? 5 : 3),
    promptsPerStep: 512,
    rolloutsPerPrompt: n,
    model: QWEN25_MATH_7B,
    rollout: {
      ...SINGLE_TURN,
      generatedTokensPerTurn: lengthFromUpdate({ updateSeconds: o.updateActor, trainGpus, responses: 512 * n, maxResponse: o.maxResponse }),
      promptTokens: DAPO_PROMPT_TOKENS,
      maxContextTokens: o.maxResponse + 2048,
    },
    cluster: {
      gpu: 'H20',
      gpus: o.gpus,
      colocated: o.mode === 'sync',
      rolloutGpus: o.mode === 'sync' ? null : (o.rolloutGpus ?? o.gpus / 2),
      tensorParallel: o.tp ?? 4,
      gpuMemoryUtilization: 0.8,
      maxSequencesPerEngine: 1024,
      mfu: H20_MFU,
      decodeStepHostSeconds: VLLM_SYNC_SCHEDULER_HOST_SECONDS,
    },
    training: { extraForwardPasses: (o.oldLogProb ? 1 : 0) + RECOMPUTE_PASSES },
    overheads: { engineSleepWakeSeconds: verlSleepWakeSeconds() },
    system: { mode: o.mode, staleness: o.staleness ?? 1 },
    reliability: { ...NO_FAILURES, checkpointMinutes: NO_PERIODIC_CHECKPOINT },
  };
}

const VERL_7B_ASSUMPTIONS: ReferenceSpec['assumptions'] = [
  {
    what: { en: 'Response lengths of each run', zh: '每次训练的回复长度' },
    value: s(
      `log-normal with p99 = ${DAPO_P99_OVER_MEDIAN} × median, capped at the max response; each run’s mean from its own published update_actor time at MFU ${H20_MFU} (8 · N FLOPs per token)`,
      `对数正态，p99 = ${DAPO_P99_OVER_MEDIAN} × 中位数，以最大回复长度为上限；每次训练的均值由其公布的 update_actor 时间按 MFU ${H20_MFU}（每 token 8 · N FLOPs）推出`,
    ),
    why: {
      en: 'Only the cap is published; the distributions are in the runs’ wandb and drift differently per run (the doc says so). The update’s time is published per row and is fixed by the tokens it trains, so it gives each run’s mean length; the same rule and MFU hold for every verl row, and the figures then test generation, overlap and the switch between phases.',
      zh: '只公布了上限；长度分布在 wandb 中，且每次训练的漂移不同（文档如此说明）。每行都公布了 update_actor 时间，它由所训练的 token 数决定，因此给出每次训练的平均长度；所有 verl 行使用同一规则和同一 MFU，各项数字检验的是生成、重叠与阶段切换。',
    },
  },
  {
    what: { en: 'Decode host time (vLLM)', zh: '解码的主机时间（vLLM）' },
    value: s(`${VLLM_SYNC_SCHEDULER_HOST_SECONDS * 1000} ms per decode step`, `每个解码步 ${VLLM_SYNC_SCHEDULER_HOST_SECONDS * 1000} 毫秒`),
    why: {
      en: 'vLLM’s synchronous scheduler leaves the GPU idle about 4 ms per decode step (vLLM issue #6854, a profiled decode step); async_scheduling, which hides it, is off by default. A response generated alone at the end of a synchronous step pays it on every token.',
      zh: 'vLLM 的同步调度器每个解码步让 GPU 空闲约 4 毫秒（vLLM 议题 #6854 对解码步的剖析）；能掩盖它的 async_scheduling 默认关闭。同步步末尾单独生成的回复每个 token 都要付出这段时间。',
    },
  },
  {
    what: { en: 'Colocated switch', zh: '共置切换' },
    value: s(
      `${VERL_H20_SWITCH_SECONDS} s per step (engine wake, weight resharding, sleep)`,
      `每步 ${VERL_H20_SWITCH_SECONDS} 秒（引擎唤醒、权重重分片、休眠）`,
    ),
    why: {
      en: 'Measured in the one-step-off README’s colocated FSDP2 row: gen 321 s against generate_sequences 247 s. The same hybrid engine, model and GPU serve every colocated verl row.',
      zh: '取自 one-step-off README 共置 FSDP2 行：gen 321 秒，generate_sequences 247 秒。所有共置 verl 行使用相同的混合引擎、模型与 GPU。',
    },
  },
  {
    what: { en: 'Training MFU on H20', zh: 'H20 训练 MFU' },
    value: s(String(H20_MFU), String(H20_MFU)),
    why: {
      en: 'Not published. H20 has 15 % of H100’s compute with more bandwidth, so training matmuls reach a larger share of its peak.',
      zh: '未公布。H20 的算力约为 H100 的 15%，带宽更高，训练矩阵乘能达到更高的峰值占比。',
    },
  },
  {
    what: { en: 'Prompt tokens', zh: '提示词 token' },
    value: s(String(DAPO_PROMPT_TOKENS), String(DAPO_PROMPT_TOKENS)),
    why: { en: 'DAPO-Math-17k prompts with the chat template are a few hundred tokens.', zh: 'DAPO-Math-17k 的提示词加模板约数百 token。' },
  },
  {
    what: { en: 'Inference engines', zh: '推理引擎' },
    value: s(
      'vLLM, tensor parallel as the recipe script (gen_tp 4 for fully_async, 2 for one-step-off), 80 % GPU memory, up to 1,024 sequences, CUDA graphs; prompt window 2,048',
      'vLLM，张量并行按配方脚本（fully_async 为 gen_tp 4，one-step-off 为 2），显存 80%，最多 1024 条序列，使用 CUDA Graph；提示窗口 2048',
    ),
    why: {
      en: 'Published in the recipe scripts at the cited commits (recipe/fully_async_policy/shell/dapo_7b_math_fsdp2_*.sh, recipe/one_step_off_policy/dapo_7b_math_fsdp2_4_12.sh: gen_tp, gpu_memory_utilization=0.80, max_prompt_length); max_num_seqs 1024 and enforce_eager false are verl’s defaults (verl/trainer/config/_generated_ppo_trainer.yaml lines 177 and 186).',
      zh: '见所引提交中的配方脚本（recipe/fully_async_policy/shell/dapo_7b_math_fsdp2_*.sh、recipe/one_step_off_policy/dapo_7b_math_fsdp2_4_12.sh：gen_tp、gpu_memory_utilization=0.80、max_prompt_length）；max_num_seqs 1024 与 enforce_eager false 为 verl 默认值（verl/trainer/config/_generated_ppo_trainer.yaml 第 177、186 行）。',
    },
  },
  {
    what: { en: 'Activation recomputation', zh: '激活重算' },
    value: s('one extra forward pass per trained token', '每个训练 token 多一次前向'),
    why: {
      en: 'verl enables gradient checkpointing by default (enable_gradient_checkpointing: true, _generated_ppo_trainer.yaml line 260): the backward pass recomputes the forward, 2·N FLOPs per token more.',
      zh: 'verl 默认开启梯度检查点（enable_gradient_checkpointing: true，_generated_ppo_trainer.yaml 第 260 行）：反向时重算前向，每 token 多 2·N FLOPs。',
    },
  },
];

// ---------------------------------------------------------------------------------------------
// The library

const FULLY_ASYNC_SRC = {
  citation:
    'volcengine/verl docs/advance/fully_async.md (“Asynchronous Training on 7B Model”, last updated 10/18/2025), commit 2147009822388b70cda46ab4a27c5400d3d113ed',
  url: 'https://github.com/volcengine/verl/blob/main/docs/advance/fully_async.md',
};

/**
 * The same run printed twice in the fully_async doc: the staleness ablation's 0.5 row and the
 * require_batches ablation's 4 row are both 128 GPUs, staleness 0.5, require_batches 4, partial
 * rollout, yet give 150.63 s and 124.64 s a step. Their spread is the source's own noise.
 */
export const VERL_SAME_RUN_SPREAD = 150.63 / 124.64 - 1;

/** What every verl comparison must be read with. */
const VERL_CAVEATS: Text[] = [
  s(
    'Each row’s mean response length is back-solved from its own published update_actor time, so the training half of each step is an input here, not a prediction: the figures test generation, the overlap of the two pools and the switch between phases.',
    '每行的平均回复长度由该行自己公布的 update_actor 时间反推，因此每步的训练部分在此是输入而非预测：这些数字检验的是生成、两个池的重叠以及阶段之间的切换。',
  ),
  s(
    `The source is noisy by about ${Math.round(VERL_SAME_RUN_SPREAD * 100)} %: its staleness-0.5 row and its require_batches-4 row are the same run (128 GPUs, staleness 0.5, require_batches 4, partial rollout) with different step times (150.63 s and 124.64 s). An error smaller than that is not evidence either way.`,
    `该来源本身约有 ${Math.round(VERL_SAME_RUN_SPREAD * 100)}% 的噪声：其 staleness 0.5 行与 require_batches 4 行是同一次训练（128 卡、staleness 0.5、require_batches 4、partial rollout），步时却不同（150.63 秒与 124.64 秒）。小于此的误差不能作为任何一方的证据。`,
  ),
];

const REFERENCES: ReferenceSpec[] = [
  {
    id: 'verl-fully-async-scaling',
    title: s('verl fully_async: Qwen2.5-Math-7B on H20, sync vs async at 32/64/128 GPUs', 'verl fully_async：Qwen2.5-Math-7B、H20，32/64/128 卡同步与异步'),
    source: FULLY_ASYNC_SRC,
    caveats: VERL_CAVEATS,
    config: s(
      'DAPO, 512 prompts × 16, max response 28K, vLLM + FSDP2. Sync: colocated, old log-probs recomputed. Async: pools split in half, staleness 0.5, partial rollout, rollout log-probs used (no recomputation).',
      'DAPO，512 个提示 × 16，最大回复 28K，vLLM + FSDP2。同步：共置，重算 old log-prob。异步：资源对半分，staleness 0.5，partial rollout，使用 rollout 的 log-prob（不重算）。',
    ),
    assumptions: [
      ...VERL_7B_ASSUMPTIONS,
      {
        what: s('update_actor of the 32-GPU rows', '32 卡两行的 update_actor'),
        value: s('313.81 s colocated, 269.80 s on the 16:16 trainer (as at the cited commit)', '共置 313.81 秒，16:16 训练器 269.80 秒（按所引提交）'),
        why: s(
          'A later formatting commit (b2205c23b) swapped these two cells. Only the cited values keep each row’s own sum: the colocated step is gen + old_log_prob + update_actor + about 11 s in every row (790.10 ≈ 357.41 + 107.71 + 313.81 + 11), and an async step is update_actor + the wait for generation + about 4 s.',
          '之后的一次排版提交（b2205c23b）交换了这两格。只有所引的数值能让每行自洽：每个共置行的步时都是 gen + old_log_prob + update_actor + 约 11 秒（790.10 ≈ 357.41 + 107.71 + 313.81 + 11），异步步时为 update_actor + 等待生成 + 约 4 秒。',
        ),
      },
    ],
    runs: {
      sync32: verl7b({ gpus: 32, maxResponse: 28672, mode: 'sync', oldLogProb: true, updateActor: 313.81 }),
      async32: verl7b({ gpus: 32, maxResponse: 28672, mode: 'async', staleness: 0.5, oldLogProb: false, updateActor: 269.8 }),
      sync64: verl7b({ gpus: 64, maxResponse: 28672, mode: 'sync', oldLogProb: true, updateActor: 133.41 }),
      async64: verl7b({ gpus: 64, maxResponse: 28672, mode: 'async', staleness: 0.5, oldLogProb: false, updateActor: 156.98 }),
      sync128: verl7b({ gpus: 128, maxResponse: 28672, mode: 'sync', oldLogProb: true, updateActor: 113.81 }),
      async128: verl7b({ gpus: 128, maxResponse: 28672, mode: 'async', staleness: 0.5, oldLogProb: false, updateActor: 113.16 }),
    },
    figures: [
      { id: 'sync32', label: s('Step, sync, 32 GPUs', '步时，同步，32 卡'), run: 'sync32', published: 790.1 },
      { id: 'async32', label: s('Step, async 16:16', '步时，异步 16:16'), run: 'async32', published: 294.77 },
      { id: 'sync64', label: s('Step, sync, 64 GPUs', '步时，同步，64 卡'), run: 'sync64', published: 365.28 },
      { id: 'async64', label: s('Step, async 32:32', '步时，异步 32:32'), run: 'async64', published: 189.26 },
      { id: 'sync128', label: s('Step, sync, 128 GPUs', '步时，同步，128 卡'), run: 'sync128', published: 356.3 },
      { id: 'async128', label: s('Step, async 64:64', '步时，异步 64:64'), run: 'async128', published: 150.63 },
      { id: 'speedup32', label: s('Speed-up async vs sync, 32 GPUs', '异步相对同步加速比，32 卡'), ratio: ['sync32', 'async32'], published: 790.1 / 294.77 },
      { id: 'speedup64', label: s('Speed-up async vs sync, 64 GPUs', '异步相对同步加速比，64 卡'), ratio: ['sync64', 'async64'], published: 365.28 / 189.26 },
      {
        id: 'speedup128',
        label: s('Speed-up async vs sync, 128 GPUs', '异步相对同步加速比，128 卡'),
        ratio: ['sync128', 'async128'],
        published: 356.3 / 150.63,
      },
      { id: 'scaleSync', label: s('Sync scaling 32 → 128 GPUs', '同步扩展 32 → 128 卡'), ratio: ['sync32', 'sync128'], published: 790.1 / 356.3 },
      { id: 'scaleAsync', label: s('Async scaling 32 → 128 GPUs', '异步扩展 32 → 128 卡'), ratio: ['async32', 'async128'], published: 294.77 / 150.63 },
    ],
  },
  {
    id: 'verl-fully-async-staleness',
    title: s('verl fully_async: staleness ablation, 7B on 64:64 H20', 'verl fully_async：staleness 消融，7B、64:64 H20'),
    source: { ...FULLY_ASYNC_SRC, citation: FULLY_ASYNC_SRC.citation.replace('“Asynchronous Training on 7B Model”', '“128-card Stale Ablation Experiment”') },
    caveats: VERL_CAVEATS,
    config: s(
      '128 H20 split 64:64, require_batches 4, trigger_parameter_sync_step 4, partial rollout; staleness_threshold 0 / 0.1 / 0.3 / 0.5 (verl’s fraction of a batch = the simulator’s staleness in batches).',
      '128 张 H20 按 64:64 分，require_batches 4，trigger_parameter_sync_step 4，partial rollout；staleness_threshold 0 / 0.1 / 0.3 / 0.5（verl 以批的比例计 = 模拟器以批计的 staleness）。',
    ),
    assumptions: [
      ...VERL_7B_ASSUMPTIONS,
      {
        what: { en: 'Partial rollout', zh: 'Partial rollout' },
        value: s('in-flight rollouts continue across a weight update', '进行中的 rollout 跨权重更新继续'),
        why: {
          en: 'The simulator’s async pool never drains in-flight rollouts at a weight update, which is what verl’s partial rollout achieves; its own partial-rollout switch (a per-step token budget) stays off.',
          zh: '模拟器的异步推理池在权重更新时从不排空进行中的 rollout，这正是 verl partial rollout 的效果；模拟器自身的 partial rollout 开关（每步 token 预算）保持关闭。',
        },
      },
    ],
    runs: {
      s0: verl7b({ gpus: 128, maxResponse: 28672, mode: 'async', staleness: 0, oldLogProb: false, updateActor: 98.77 }),
      s01: verl7b({ gpus: 128, maxResponse: 28672, mode: 'async', staleness: 0.1, oldLogProb: false, updateActor: 109.12 }),
      s03: verl7b({ gpus: 128, maxResponse: 28672, mode: 'async', staleness: 0.3, oldLogProb: false, updateActor: 103.22 }),
      s05: verl7b({ gpus: 128, maxResponse: 28672, mode: 'async', staleness: 0.5, oldLogProb: false, updateActor: 113.16 }),
    },
    figures: [
      { id: 's0', label: s('Step, staleness 0', '步时，staleness 0'), run: 's0', published: 231.34 },
      { id: 's01', label: s('Step, staleness 0.1', '步时，staleness 0.1'), run: 's01', published: 171.3 },
      { id: 's03', label: s('Step, staleness 0.3', '步时，staleness 0.3'), run: 's03', published: 146.11 },
      { id: 's05', label: s('Step, staleness 0.5', '步时，staleness 0.5'), run: 's05', published: 150.63 },
      { id: 'gain05', label: s('Speed-up staleness 0.5 vs 0', '加速比 staleness 0.5 对 0'), ratio: ['s0', 's05'], published: 231.34 / 150.63 },
    ],
  },
  {
    id: 'verl-one-step-off',
    title: s('verl one-step-off-policy: Qwen2.5-Math-7B on 16 H20', 'verl one-step-off-policy：Qwen2.5-Math-7B、16 张 H20'),
    caveats: VERL_CAVEATS,
    source: {
      citation:
        'volcengine/verl recipe/one_step_off_policy/README.md (“Experimental Results”, FSDP2 rows, last updated 07/17/2025), commit 606ed9379364e74e9347cc8a8f33d147954111e4',
      url: 'https://github.com/volcengine/verl/blob/main/recipe/one_step_off_policy/README.md',
    },
    config: s(
      'DAPO, vLLM + FSDP2, max response 20,480. Sync: 16 GPUs colocated. One-step overlap: 4 generation + 12 training GPUs, one step of staleness; old log-probs recomputed in both.',
      'DAPO，vLLM + FSDP2，最大回复 20480。同步：16 卡共置。一步重叠：4 卡生成 + 12 卡训练，陈旧度一步；两者都重算 old log-prob。',
    ),
    assumptions: [
      ...VERL_7B_ASSUMPTIONS,
      {
        what: { en: 'GPUs and batch', zh: 'GPU 数与批大小' },
        value: s('16 GPUs (4 + 12); 512 prompts × 12', '16 卡（4 + 12）；512 个提示 × 12'),
        why: {
          en: 'The README says “2 nodes with 16 H20 GPUs each” but splits 4 + 12 = 16 GPUs; the batch is not stated, so the recipe scripts’ train_prompt_bsz 512 and n_resp_per_prompt 12 at the README’s first commit (503ea75f5, dapo_7b_math_fsdp2_4_12.sh and _colocate.sh) are used.',
          zh: 'README 写“2 个节点，每个 16 张 H20”，但划分为 4 + 12 = 16 卡；批大小未说明，采用 README 首个提交（503ea75f5）中配方脚本 dapo_7b_math_fsdp2_4_12.sh 与 _colocate.sh 的 train_prompt_bsz 512、n_resp_per_prompt 12。',
        },
      },
    ],
    runs: {
      sync: verl7b({ gpus: 16, maxResponse: 20480, mode: 'sync', oldLogProb: true, tp: 2, n: 12, updateActor: 286 }),
      async: verl7b({ gpus: 16, rolloutGpus: 4, maxResponse: 20480, mode: 'async', staleness: 1, oldLogProb: true, tp: 2, n: 12, updateActor: 337 }),
    },
    figures: [
      { id: 'sync', label: s('Step, colocated sync, 16 GPUs', '步时，共置同步，16 卡'), run: 'sync', published: 749 },
      { id: 'async', label: s('Step, one-step overlap 4 + 12', '步时，一步重叠 4 + 12'), run: 'async', published: 520 },
      { id: 'speedup', label: s('Speed-up one-step overlap vs sync', '一步重叠相对同步加速比'), ratio: ['sync', 'async'], published: 749 / 520 },
    ],
  },
];

// AReaL and DeepSWE are appended below (they need helpers defined after the verl entries).

/** AReaL v0.3's published run configuration (training/configs/sync-ppo.yaml and async-ppo.yaml at the cited commit). */
const AREAL = {
  /** ppo.gen.max_new_tokens: 27648; dataset.max_prompt_len: 1024; sglang context_length 32768. */
  maxNewTokens: 27648,
  /** dataset.train_bs_n_seqs 512 prompts, group_size 16. */
  prompts: 512,
  group: 16,
  /** sglang mem_fraction_static 0.8; allocation sglang.d4p1m1+d2p2m1: SGLang TP 1 on half of the GPUs, training on the other half. */
  memory: 0.8,
  /** max_head_offpolicyness 4 (async); max_concurrent_rollouts null = the train batch, 512 prompts (realhf/experiments/async_exp/async_rl_exp.py). */
  eta: 4,
};
/** R1-Distill responses on AReaL-boba-106k: only the cap is published (the v0.2 blog: under 5 % truncated at 27K). */
const AREAL_LENGTH = { median: 5000, p99: 24000 };

/** The published 7B synchronous step: 57.7 h / 1000 steps. */
const AREAL_7B_SYNC_STEP = (57.7 * 3600) / 1000;
/** One response at the cap, alone on an H800 engine at its full memory bandwidth: every token reads the bf16 weights once. */
const AREAL_7B_TAIL_BOUND = (AREAL.maxNewTokens * R1_DISTILL_7B.paramsB * 1e9 * 2) / (resolveGpu('H800').memoryBandwidthTBps * 1e12);

/** Mean generated tokens of the assumed response distribution. */
const AREAL_MEAN_RESPONSE = tailMean(fitTail({ ...AREAL_LENGTH, max: AREAL.maxNewTokens }));
const AREAL_RESPONSES = AREAL.prompts * AREAL.group;
/**
 * The blog's own throughput pair for the 1.5B runs (blog/AReaL_v0_3.md, Figure 7: effective
 * training throughput 128.7k tokens/s synchronous, 356.6k asynchronous; their ratio 2.771 is
 * Table 2's 41.0 h / 14.8 h). Over the published synchronous step that is this many trained
 * tokens per sequence (prompt included).
 */
const AREAL_FIG7 = { sync: 128_700, async: 356_600 };
export const AREAL_FIG7_TOKENS_PER_SEQUENCE = (AREAL_FIG7.sync * ((41.0 * 3600) / 1000)) / AREAL_RESPONSES;

function arealRun(model: typeof R1_DISTILL_1_5B, gpus: number, mode: 'sync' | 'async'): SimScenario {
  return {
    seed: 1,
    steps: mode === 'async' ? 5 : 3,
    promptsPerStep: AREAL.prompts,
    rolloutsPerPrompt: AREAL.group,
    model,
    rollout: {
      ...SINGLE_TURN,
      generatedTokensPerTurn: { ...AREAL_LENGTH, max: AREAL.maxNewTokens },
      promptTokens: DAPO_PROMPT_TOKENS,
      maxContextTokens: 32768,
    },
    cluster: {
      gpu: 'H800',
      gpus,
      colocated: false,
      rolloutGpus: gpus / 2,
      tensorParallel: 1,
      gpuMemoryUtilization: AREAL.memory,
      maxSequencesPerEngine: 1024,
      mfu: 0.4,
    },
    // Gradient checkpointing (actor.gradient_checkpointing: true); async recomputes the proximal log-probs (recompute_logprob: true).
    training: { extraForwardPasses: RECOMPUTE_PASSES + (mode === 'async' ? 1 : 0) },
    environment: { maxConcurrentSandboxes: AREAL.prompts * AREAL.group },
    system: { mode, staleness: mode === 'async' ? AREAL.eta : 0 },
    reliability: NO_FAILURES,
  };
}

/**
 * The 7B synchronous step's training and weight update as mapped (the fast estimate), seconds,
 * and the training part scaled to sequences as short as the blog's Figure 7 implies.
 */
const AREAL_7B_SYNC_PARTS = (() => {
  const r = estimateScenario(SimScenarioSchema.parse(arealRun(R1_DISTILL_7B, 192, 'sync')));
  const short = AREAL_FIG7_TOKENS_PER_SEQUENCE / (AREAL_MEAN_RESPONSE + DAPO_PROMPT_TOKENS);
  return { mapped: r.step.trainSeconds + r.step.syncSeconds, fig7: r.step.trainSeconds * short + r.step.syncSeconds };
})();
/**
 * The decode bandwidth efficiency below which the 7B synchronous step cannot be as short as
 * published even with Figure 7's short sequences: its longest response (at the cap) decodes alone
 * in AREAL_7B_TAIL_BOUND / e seconds, and the step's training and update must fit in the rest:
 * e = tail bound / (published step − training − update).
 */
export const AREAL_7B_MIN_BANDWIDTH_EFFICIENCY = AREAL_7B_TAIL_BOUND / (AREAL_7B_SYNC_STEP - AREAL_7B_SYNC_PARTS.fig7);

/** DeepSWE's run (rllm scripts/agent/swe/deepswe_32b.sh at commit 322f375f, the script released with the blog). */
const DEEPSWE = {
  /** data.train_batch_size 64, actor_rollout_ref.rollout.n 8. */
  prompts: 64,
  group: 8,
  /** agent.max_steps 50; data.max_prompt_length 4096, data.max_response_length 32768. */
  maxSteps: 50,
  /** trainer.test_freq 10 over SWE-Bench-Verified (val_batch_size 512 ≥ its 500 tasks), trainer.save_freq 10. */
  testFreq: 10,
  valTasks: 500,
  saveFreq: 10,
};
/**
 * The one trajectory rLLM publishes for its R2E-Gym environment (swe_trajectory.txt at the cited
 * commit): 29 actions whose step_info total_time has median 0.09 s and maximum 5.6 s (the agent's
 * own test runs); a sample of 29 gives no p99 beyond its maximum. The cap is the step timeout.
 */
const R2E_ACTION_SECONDS = { median: 0.09, p99: 5.6, max: 90 };
/** The same trajectory's final test run, the reward: pytest reports “in 5.78s”. */
const R2E_TEST_SECONDS = 5.78;
/** Not published: a Kubernetes pod of a node-cached image (scheduling + container start). */
const DEEPSWE_SANDBOX_START_SECONDS = 30;
/** The published wall time per step: 6 days / 200 steps. */
const DEEPSWE_WALL_STEP = (6 * 86400) / 200;

const DEEPSWE_TRAIN: SimScenario = {
  seed: 1,
  steps: DEEPSWE.testFreq + 1,
  promptsPerStep: DEEPSWE.prompts,
  rolloutsPerPrompt: DEEPSWE.group,
  model: QWEN3_32B,
  rollout: {
    turns: { median: 25, p99: DEEPSWE.maxSteps, max: DEEPSWE.maxSteps },
    generatedTokensPerTurn: { median: 400, p99: 4000, max: 16384 },
    observationTokensPerTurn: { median: 300, p99: 4000, max: 8192 },
    promptTokens: 3000,
    maxContextTokens: 4096 + 32768,
    toolLatencySeconds: R2E_ACTION_SECONDS,
    envFailureRate: 0,
  },
  cluster: {
    gpu: 'H100-SXM',
    gpus: 64,
    colocated: true,
    tensorParallel: 8,
    gpuMemoryUtilization: 0.6,
    cudaGraphs: true,
    decodeStepHostSeconds: VLLM_SYNC_SCHEDULER_HOST_SECONDS,
  },
  training: { extraForwardPasses: 2 },
  overheads: { offloadTrainerState: true },
  environment: { sandboxStartSeconds: DEEPSWE_SANDBOX_START_SECONDS, rewardSeconds: R2E_TEST_SECONDS },
  reliability: { ...NO_FAILURES, checkpointMinutes: NO_PERIODIC_CHECKPOINT },
};
/** One validation: the 500 SWE-Bench-Verified tasks once each on the same engines; its duration is the fast estimate of that rollout. */
const DEEPSWE_VALIDATION_SECONDS = estimateScenario(
  SimScenarioSchema.parse({ ...DEEPSWE_TRAIN, steps: 1, promptsPerStep: DEEPSWE.valTasks, rolloutsPerPrompt: 1 }),
).step.rolloutSeconds;
/** The run simulated over one validation interval (10 steps + the first, which the steady state leaves out). */
const DEEPSWE_RUN: SimScenario = {
  ...DEEPSWE_TRAIN,
  overheads: { ...DEEPSWE_TRAIN.overheads, evalEverySteps: DEEPSWE.testFreq, evalSeconds: DEEPSWE_VALIDATION_SECONDS },
};
/** The fast estimate's step of a DeepSWE run variant (seconds). */
const deepSweStep = (o: { toolMedian?: number; mfu?: number; decodeEfficiency?: number; tokensPerTurn?: number }) => {
  const run = SimScenarioSchema.parse(DEEPSWE_RUN);
  return estimateScenario({
    ...run,
    cluster: { ...run.cluster, mfu: o.mfu ?? run.cluster.mfu, decodeBandwidthEfficiency: o.decodeEfficiency ?? run.cluster.decodeBandwidthEfficiency },
    rollout: {
      ...run.rollout,
      toolLatencySeconds: { ...run.rollout.toolLatencySeconds, median: o.toolMedian ?? run.rollout.toolLatencySeconds.median },
      generatedTokensPerTurn: { ...run.rollout.generatedTokensPerTurn, median: o.tokensPerTurn ?? run.rollout.generatedTokensPerTurn.median },
    },
  }).step.meanSeconds;
};
/** The step is throughput-bound: the estimate at the published action latency, at 1 s per action, and at plausible settings the publication leaves open. */
export const DEEPSWE_SENSITIVITY = {
  base: deepSweStep({}),
  tool1s: deepSweStep({ toolMedian: 1 }),
  plausible: deepSweStep({ mfu: 0.2, decodeEfficiency: 0.5, tokensPerTurn: 800 }),
};

REFERENCES.push(
  {
    id: 'areal-v0.3',
    title: s('AReaL v0.3: R1-Distill-Qwen 1.5B / 7B, sync vs async, 1000 PPO steps', 'AReaL v0.3：R1-Distill-Qwen 1.5B / 7B，同步与异步，1000 个 PPO 步'),
    source: {
      citation: 'inclusionAI/AReaL blog/AReaL_v0_3.md (“End-to-End Performance Comparison”, Table 2), commit 177dce5618900cdedc5b5097763e85f14c20d6d0',
      url: 'https://github.com/inclusionAI/AReaL/blob/main/blog/AReaL_v0_3.md',
    },
    config: s(
      '1.5B on 16 nodes, 7B on 24 nodes; 1000 PPO steps: 41.0 h vs 14.8 h (1.5B), 57.7 h vs 25.4 h (7B). Step time = hours × 3600 / 1000.',
      '1.5B 用 16 个节点，7B 用 24 个节点；1000 个 PPO 步：41.0 小时对 14.8 小时（1.5B），57.7 小时对 25.4 小时（7B）。步时 = 小时 × 3600 / 1000。',
    ),
    assumptions: [
      {
        what: s('GPUs', 'GPU'),
        value: s('8 × H800 per node (128 and 192 GPUs)', '每节点 8 张 H800（128 与 192 卡）'),
        why: s(
          'Not in the v0.3 blog; AReaL’s releases trained on nodes of 8 H800 (blog/AReaL_v0_1.md: “16 nodes, each equipped with 8 H800 GPUs”).',
          'v0.3 博客未说明；AReaL 各版本在每节点 8 张 H800 上训练（blog/AReaL_v0_1.md：“16 个节点，每个 8 张 H800”）。',
        ),
      },
      {
        what: s('Run configuration', '训练配置'),
        value: s(
          `${AREAL.prompts} prompts × ${AREAL.group}; up to ${AREAL.maxNewTokens} new tokens; SGLang TP 1 on half of the GPUs, training on the other half, in both modes; 80 % memory; async η = ${AREAL.eta} with at most one batch of prompts in flight; gradient checkpointing, and async recomputes the log-probs`,
          `${AREAL.prompts} 个提示 × ${AREAL.group}；最多生成 ${AREAL.maxNewTokens} token；两种模式下 SGLang（TP 1）用一半 GPU，训练用另一半；显存 80%；异步 η = ${AREAL.eta}，同时在途最多一批提示；梯度检查点，异步重算 log-prob`,
        ),
        why: s(
          'Published in AReaL’s run configurations at the cited commit (training/configs/sync-ppo.yaml and async-ppo.yaml: train_bs_n_seqs 512, group_size 16, max_new_tokens 27648, allocation sglang.d4p1m1+d2p2m1, mem_fraction_static 0.8, max_head_offpolicyness 4, recompute_logprob; max_concurrent_rollouts defaults to the train batch in realhf/experiments/async_exp/async_rl_exp.py) and in the boba recipe the table follows (examples/configs/v0.2-qwen2-math: sglang.d64p1m1+d32p2m1 on 16 nodes). The allocation of the Table 2 runs themselves is not published; the paper’s throughput benchmark (benchmark/verl_v0_3_0_post1_76084d3/build_cmd.py) gives three quarters of the GPUs to SGLang with a 31K generation length, a different experiment.',
          '见所引提交中 AReaL 的训练配置（training/configs/sync-ppo.yaml 与 async-ppo.yaml：train_bs_n_seqs 512、group_size 16、max_new_tokens 27648、allocation sglang.d4p1m1+d2p2m1、mem_fraction_static 0.8、max_head_offpolicyness 4、recompute_logprob；max_concurrent_rollouts 默认等于训练批，见 realhf/experiments/async_exp/async_rl_exp.py），以及该表所沿用的 boba 配方（examples/configs/v0.2-qwen2-math：16 节点上 sglang.d64p1m1+d32p2m1）。表 2 各次训练本身的资源划分未公布；论文的吞吐基准（benchmark/verl_v0_3_0_post1_76084d3/build_cmd.py）把四分之三的 GPU 给 SGLang、生成长度 31K，是另一组实验。',
        ),
      },
      {
        what: s('Response lengths', '回复长度'),
        value: s(
          `log-normal, median ${AREAL_LENGTH.median}, p99 ${AREAL_LENGTH.p99}, capped at ${AREAL.maxNewTokens}`,
          `对数正态，中位数 ${AREAL_LENGTH.median}、p99 ${AREAL_LENGTH.p99}，上限 ${AREAL.maxNewTokens}`,
        ),
        why: s(
          `Not published for these runs. The one published length curve of an R1-Distill model in AReaL is the 1.5B’s (blog/AReaL_v0_1.md, Figure 1, assets/distill_1.5b_24k_curve.png: mean response 4,100 to 7,100 tokens over training); the boba recipe reports under 5 % of responses truncated at 27K (blog/AReaL_v0_2.md). This distribution’s mean is ${Math.round(AREAL_MEAN_RESPONSE)} tokens. No 7B length is published, so both sizes share it.`,
          `这些训练未公布。AReaL 中唯一公布的 R1-Distill 长度曲线是 1.5B 的（blog/AReaL_v0_1.md 图 1，assets/distill_1.5b_24k_curve.png：训练中平均回复 4100 到 7100 token）；boba 配方称在 27K 处截断的回复少于 5%（blog/AReaL_v0_2.md）。该分布的均值为 ${Math.round(AREAL_MEAN_RESPONSE)} token。7B 的长度没有公布，两种规模共用它。`,
        ),
      },
      {
        what: s('Training MFU; decode host time', '训练 MFU；解码主机时间'),
        value: s('0.4; 0 (SGLang overlaps it)', '0.4；0（SGLang 将其重叠）'),
        why: s(
          'MFU is not published (a common FSDP/Megatron figure on H800). The configuration keeps SGLang’s overlap scheduler on (disable_overlap_schedule: false), which hides the host time of a decode step.',
          'MFU 未公布（H800 上 FSDP/Megatron 的常见值）。配置中 SGLang 的重叠调度保持开启（disable_overlap_schedule: false），解码步的主机时间被掩盖。',
        ),
      },
    ],
    caveats: [
      s(
        `The 1.5B figures within bounds rest on compensating errors. The blog’s own Figure 7 gives the 1.5B runs 128.7k and 356.6k trained tokens per second (ratio 2.771, Table 2’s 41.0 h / 14.8 h): over the published synchronous step that is about ${Math.round(AREAL_FIG7_TOKENS_PER_SEQUENCE).toLocaleString('en-US')} trained tokens per sequence, while the mapped runs train ${Math.round(AREAL_MEAN_RESPONSE + DAPO_PROMPT_TOKENS).toLocaleString('en-US')} (the v0.1 length curve). Sequences ${((AREAL_MEAN_RESPONSE + DAPO_PROMPT_TOKENS) / AREAL_FIG7_TOKENS_PER_SEQUENCE).toFixed(1)}× longer in the same step time mean the simulated runs process tokens at about that multiple of the published throughput, so matching step times do not validate the parts.`,
        `1.5B 在范围内的数字建立在相互抵消的误差上。博客自己的图 7 给出 1.5B 两次训练每秒训练 128.7k 与 356.6k token（比值 2.771，即表 2 的 41.0 小时 / 14.8 小时）：按公布的同步步时，每条序列约训练 ${Math.round(AREAL_FIG7_TOKENS_PER_SEQUENCE)} token，而映射的训练每条训练 ${Math.round(AREAL_MEAN_RESPONSE + DAPO_PROMPT_TOKENS)} token（v0.1 长度曲线）。序列长 ${((AREAL_MEAN_RESPONSE + DAPO_PROMPT_TOKENS) / AREAL_FIG7_TOKENS_PER_SEQUENCE).toFixed(1)} 倍而步时相同，意味着模拟的训练以约为公布吞吐该倍数的速度处理 token，因此步时吻合并不能验证各个部分。`,
      ),
    ],
    runs: {
      sync15: arealRun(R1_DISTILL_1_5B, 128, 'sync'),
      async15: arealRun(R1_DISTILL_1_5B, 128, 'async'),
      sync7: arealRun(R1_DISTILL_7B, 192, 'sync'),
      async7: arealRun(R1_DISTILL_7B, 192, 'async'),
    },
    figures: [
      { id: 'sync15', label: s('Step, 1.5B sync', '步时，1.5B 同步'), run: 'sync15', published: (41.0 * 3600) / 1000 },
      { id: 'async15', label: s('Step, 1.5B async', '步时，1.5B 异步'), run: 'async15', published: (14.8 * 3600) / 1000 },
      { id: 'sync7', label: s('Step, 7B sync', '步时，7B 同步'), run: 'sync7', published: AREAL_7B_SYNC_STEP },
      { id: 'async7', label: s('Step, 7B async', '步时，7B 异步'), run: 'async7', published: (25.4 * 3600) / 1000 },
      { id: 'speedup15', label: s('Speed-up, 1.5B', '加速比，1.5B'), ratio: ['sync15', 'async15'], published: 41.0 / 14.8 },
      { id: 'speedup7', label: s('Speed-up, 7B', '加速比，7B'), ratio: ['sync7', 'async7'], published: 57.7 / 25.4 },
    ],
    reason: s(
      `With the published configuration the 7B synchronous step is infeasible below about ${AREAL_7B_MIN_BANDWIDTH_EFFICIENCY.toFixed(2)} decode bandwidth efficiency, a level single-stream decoding rarely reaches. A synchronous step waits for its longest response, and the boba recipe truncates up to 5 % of responses at ${AREAL.maxNewTokens} tokens, so most steps contain one. Generated alone on an SGLang engine of one H800, that response reads the 7B weights once per token: ${AREAL.maxNewTokens} × 15.2 GB / 3.35 TB/s = ${Math.round(AREAL_7B_TAIL_BOUND)} s at the full memory bandwidth; the step’s training and weight update take ${Math.round(AREAL_7B_SYNC_PARTS.mapped)} s with the mapped lengths (more than the published step leaves) and ${Math.round(AREAL_7B_SYNC_PARTS.fig7)} s with sequences as short as the blog’s Figure 7 implies (${Math.round(AREAL_FIG7_TOKENS_PER_SEQUENCE).toLocaleString('en-US')} trained tokens each), so even then the published ${Math.round(AREAL_7B_SYNC_STEP)} s holds only if that response decodes at ≥ ${AREAL_7B_MIN_BANDWIDTH_EFFICIENCY.toFixed(2)} of the peak bandwidth. The throughput chart of the paper’s benchmark (benchmark/verl_v0_3_0_post1_76084d3) is not evidence here: it is a different experiment (three quarters of the GPUs on SGLang, 31K generation). What is needed and not published: the 7B runs’ response lengths per step (how many reach the cap) and the number of responses a Table 2 “PPO step” trains.`,
      `按公布的配置，解码带宽效率低于约 ${AREAL_7B_MIN_BANDWIDTH_EFFICIENCY.toFixed(2)} 时 7B 同步步时不可行，而单流解码很少达到这一水平。同步步要等最长的回复，而 boba 配方中最多 5% 的回复在 ${AREAL.maxNewTokens} token 处截断，因此大多数步都包含这样的回复。在一张 H800 的 SGLang 引擎上单独生成时，它每个 token 读一次 7B 权重：${AREAL.maxNewTokens} × 15.2 GB / 3.35 TB/s，满带宽时为 ${Math.round(AREAL_7B_TAIL_BOUND)} 秒；该步的训练与权重更新按映射的长度需 ${Math.round(AREAL_7B_SYNC_PARTS.mapped)} 秒（超过公布步时所余），按博客图 7 所隐含的短序列（每条训练 ${Math.round(AREAL_FIG7_TOKENS_PER_SEQUENCE)} token）需 ${Math.round(AREAL_7B_SYNC_PARTS.fig7)} 秒，因此即便如此，也只有当这条回复以不低于峰值带宽 ${AREAL_7B_MIN_BANDWIDTH_EFFICIENCY.toFixed(2)} 的效率解码时，公布的 ${Math.round(AREAL_7B_SYNC_STEP)} 秒才成立。论文基准（benchmark/verl_v0_3_0_post1_76084d3）的吞吐图不能作为这里的证据：那是另一组实验（四分之三的 GPU 用于 SGLang，生成长度 31K）。所需而未公布的是：7B 训练每步的回复长度（有多少达到上限），以及表 2 中一个“PPO 步”训练的回复条数。`,
    ),
  },
  {
    id: 'deepswe',
    title: s('DeepSWE-Preview: Qwen3-32B SWE agent on 64 H100', 'DeepSWE-Preview：Qwen3-32B SWE 智能体、64 张 H100'),
    source: {
      citation:
        'together.ai/blog/deepswe (2 July 2025: “six days on 64 H100 GPUs”, “200 steps of RL training”, Figure 2 validation curve); rllm-org/rllm scripts/agent/swe/deepswe_32b.sh at commit 322f375f (1 July 2025, the script released with the blog), swe_trajectory.txt, rllm/environments/swe/swe.py and docs/examples/swe.md at commit 45521502322955b8b09d02f3dfad25916c14c103',
      url: 'https://www.together.ai/blog/deepswe',
    },
    config: s(
      `${DEEPSWE.prompts} prompts × ${DEEPSWE.group} = 512 trajectories per step, up to ${DEEPSWE.maxSteps} agent steps, prompt ≤ 4,096 and response ≤ 32,768 tokens (observations included), colocated hybrid engine, vLLM TP 8 at 60 % memory with CUDA graphs, parameter and optimizer offload, RLOO; validation on SWE-Bench-Verified every ${DEEPSWE.testFreq} steps, a checkpoint every ${DEEPSWE.saveFreq}. 6 days / 200 steps = 2,592 s of wall time per step.`,
      `每步 ${DEEPSWE.prompts} 个提示 × ${DEEPSWE.group} = 512 条轨迹，最多 ${DEEPSWE.maxSteps} 个智能体步，提示 ≤ 4096、回复 ≤ 32768 token（含观测），共置混合引擎，vLLM TP 8、显存 60%、使用 CUDA Graph，参数与优化器 offload，RLOO；每 ${DEEPSWE.testFreq} 步在 SWE-Bench-Verified 上验证一次，每 ${DEEPSWE.saveFreq} 步存一次检查点。6 天 / 200 步 = 每步 2592 秒墙钟时间。`,
    ),
    assumptions: [
      {
        what: s('Which script', '哪个脚本'),
        value: s(
          'deepswe_32b.sh as released with the blog: train_batch_size 64, 8 nodes, enforce_eager False, test_freq 10, val_batch_size 512, save_freq 10',
          '随博客发布的 deepswe_32b.sh：train_batch_size 64、8 节点、enforce_eager False、test_freq 10、val_batch_size 512、save_freq 10',
        ),
        why: s(
          'It is the script of the blog’s run (commit 322f375f, a day before the blog; the next commits scale it down to 8 prompts on 2 nodes for a smoke test). examples/swe/train_deepswe_32b_eager.sh in the repository today is a later run (added in February 2026 with its own checkpoint path, resuming from its step 140, vLLM in eager mode), not the blog’s.',
          '这是博客中那次训练的脚本（提交 322f375f，早于博客一天；随后的提交把它缩小为 2 节点、8 个提示用于冒烟测试）。仓库现有的 examples/swe/train_deepswe_32b_eager.sh 是之后的另一次训练（2026 年 2 月加入，有自己的检查点路径，从它自己的第 140 步恢复，vLLM 为 eager 模式），不是博客中的训练。',
        ),
      },
      {
        what: s('Tool and test latency', '工具与测试延迟'),
        value: s(
          `tool call median ${R2E_ACTION_SECONDS.median} s, p99 ${R2E_ACTION_SECONDS.p99} s, cut at the ${R2E_ACTION_SECONDS.max} s step timeout; final test run (reward) ${R2E_TEST_SECONDS} s`,
          `工具调用中位数 ${R2E_ACTION_SECONDS.median} 秒、p99 ${R2E_ACTION_SECONDS.p99} 秒，在 ${R2E_ACTION_SECONDS.max} 秒步超时处截断；最后的测试运行（奖励）${R2E_TEST_SECONDS} 秒`,
        ),
        why: s(
          'Measured in the one trajectory rLLM publishes for its R2E-Gym environment (swe_trajectory.txt: 29 actions, step_info total_time median 0.09 s, the slowest 5.6 s when the agent ran tests; the final pytest run “in 5.78s”). It is one trajectory of another model (Qwen3-Coder-30B-A3B) on the later remote backend, so its p99 is its maximum; the caps are published (rllm/environments/swe/swe.py: step_timeout 90, reward_timeout 300).',
          '取自 rLLM 为其 R2E-Gym 环境公布的唯一一条轨迹（swe_trajectory.txt：29 个动作，step_info total_time 中位数 0.09 秒，智能体跑测试时最慢 5.6 秒；最后的 pytest 运行“in 5.78s”）。它是另一个模型（Qwen3-Coder-30B-A3B）在之后的远程后端上的一条轨迹，因此其 p99 取最大值；上限已公布（rllm/environments/swe/swe.py：step_timeout 90、reward_timeout 300）。',
        ),
      },
      {
        what: s('Container start', '容器启动'),
        value: s(`${DEEPSWE_SANDBOX_START_SECONDS} s per trajectory`, `每条轨迹 ${DEEPSWE_SANDBOX_START_SECONDS} 秒`),
        why: s(
          'Not published. One Kubernetes pod per trajectory from the task’s Docker image, which the cluster caches on its nodes (docs/examples/swe.md: 200 CPUs and 6 TB of disk per node “to store 1000s of Docker images”), so a start is pod scheduling and container start, not an image pull.',
          '未公布。每条轨迹一个 Kubernetes pod，使用任务的 Docker 镜像，镜像缓存在节点上（docs/examples/swe.md：每节点 200 个 CPU、6 TB 磁盘“存放上千个 Docker 镜像”），因此启动只是 pod 调度与容器启动，不需要拉取镜像。',
        ),
      },
      {
        what: s('Turns and tokens', '轮数与 token'),
        value: s(
          'turns median 25, p99 50; generated per turn median 400, p99 4,000; observation median 300, p99 4,000; prompt 3,000',
          '轮数中位数 25、p99 50；每轮生成中位数 400、p99 4000；观测中位数 300、p99 4000；提示 3000',
        ),
        why: s(
          'Not published (they are in the run’s wandb logs). A thinking model editing code over R2E-Gym tools uses many of its 50 steps; with these values many trajectories reach the 32K response cap, so the longest trajectories are held by the published caps rather than by this choice.',
          '未公布（在训练的 wandb 日志中）。思考型模型通过 R2E-Gym 工具改代码，会用掉 50 步中的多数；按这些值许多轨迹达到 32K 回复上限，因此最长的轨迹由公布的上限而不是这一选择决定。',
        ),
      },
      {
        what: s('Validation', '验证'),
        value: s(
          `every ${DEEPSWE.testFreq} steps, ${DEEPSWE.valTasks} SWE-Bench-Verified tasks × 1 on the same engines, its duration the fast estimate of that rollout`,
          `每 ${DEEPSWE.testFreq} 步一次，在同一组引擎上运行 ${DEEPSWE.valTasks} 个 SWE-Bench-Verified 任务 × 1，时长取该 rollout 的快速估算`,
        ),
        why: s(
          'Published: test_freq 10 and val_batch_size 512 over the 500 SWE-Bench-Verified tasks (the blog plots the validation score over training, Figure 2). The same agent limits and the assumed trajectory shape apply.',
          '已公布：test_freq 10，val_batch_size 512，覆盖 500 个 SWE-Bench-Verified 任务（博客图 2 画出了训练中的验证分数）。使用同样的智能体上限与假设的轨迹形态。',
        ),
      },
      {
        what: s('Checkpoints', '检查点'),
        value: s('not simulated (about 1 % of a step)', '未模拟（约为步时的 1%）'),
        why: s(
          `save_freq 10: one model + optimizer checkpoint of 32.8 B parameters (${Math.round(checkpointBytes(QWEN3_32B.paramsB * 1e9) / 1e9)} GB at 5 GB/s) every 10 steps adds ${Math.round(checkpointBytes(QWEN3_32B.paramsB * 1e9) / 5e9 / DEEPSWE.saveFreq)} s per step.`,
          `save_freq 10：每 10 步写一次 32.8 B 参数的模型与优化器检查点（${Math.round(checkpointBytes(QWEN3_32B.paramsB * 1e9) / 1e9)} GB，5 GB/s），每步多 ${Math.round(checkpointBytes(QWEN3_32B.paramsB * 1e9) / 5e9 / DEEPSWE.saveFreq)} 秒。`,
        ),
      },
      { what: s('Training MFU', '训练 MFU'), value: s('0.35', '0.35'), why: s('Simulator default; not published.', '模拟器默认值；未公布。') },
      {
        what: s('Recomputation', '重算'),
        value: s('two extra forward passes per trained token', '每个训练 token 多两次前向'),
        why: s(
          'Published in the script: enable_gradient_checkpointing=True (the backward recomputes the forward), and verl computes the old log-probs before the update.',
          '脚本中公布：enable_gradient_checkpointing=True（反向时重算前向），且 verl 在更新前计算 old log-prob。',
        ),
      },
    ],
    runs: { run: DEEPSWE_RUN },
    figures: [
      {
        id: 'step',
        label: s('Step (6 days / 200 steps), an upper bound', '步时（6 天 / 200 步），上限'),
        run: 'run',
        published: DEEPSWE_WALL_STEP,
        bound: 'upper',
      },
    ],
    caveats: [
      s(
        `The published figure is wall time over 6 days divided by 200 steps, so it bounds the step from above: the simulated step must not exceed it, and the rest is time the publication spends outside the steps (validation, simulated here, plus checkpoints, restarts and pauses, not published). The step is throughput-bound, not latency-bound: raising the action latency from the published median ${R2E_ACTION_SECONDS.median} s to 1 s moves the estimated step from ${Math.round(DEEPSWE_SENSITIVITY.base)} s to ${Math.round(DEEPSWE_SENSITIVITY.tool1s)} s, while settings the publication leaves open (training MFU 0.2 with offloading at 32K, decode efficiency 0.5, 800 tokens per turn) give ${Math.round(DEEPSWE_SENSITIVITY.plausible).toLocaleString('en-US')} s. A point match needs what is not published: the per-step turns, tokens and action times of the trajectories (wandb logs), or how much of the 6 days was not training.`,
        `公布的数字是 6 天墙钟时间除以 200 步，因此是步时的上限：模拟步时不得超过它，其余是发表中花在步之外的时间（验证，此处已模拟；以及检查点、重启与停顿，未公布）。步时受吞吐限制而非延迟限制：把动作延迟从公布的中位数 ${R2E_ACTION_SECONDS.median} 秒提高到 1 秒，估算步时从 ${Math.round(DEEPSWE_SENSITIVITY.base)} 秒变为 ${Math.round(DEEPSWE_SENSITIVITY.tool1s)} 秒；而发表未给出的设置（训练 MFU 0.2 并在 32K 下卸载、解码效率 0.5、每轮 800 token）给出 ${Math.round(DEEPSWE_SENSITIVITY.plausible)} 秒。要逐点吻合需要未公布的数据：各步轨迹的轮数、token 数与动作时长（wandb 日志），或 6 天中有多少时间不在训练。`,
      ),
    ],
  },
);

/** Every reference's runs, validated, in a fixed order (what the worker pool runs). */
export function referenceScenarios(): { ref: string; run: string; scenario: SimScenarioParsed }[] {
  const out: { ref: string; run: string; scenario: SimScenarioParsed }[] = [];
  for (const r of REFERENCES) for (const [run, sc] of Object.entries(r.runs)) out.push({ ref: r.id, run, scenario: SimScenarioSchema.parse(sc) });
  return out;
}

/** The publications the references cite (shown as links in the accuracy table). */
export function referenceSources(): { citation: string; url: string }[] {
  return REFERENCES.map((r) => r.source);
}

/** The comparison, from the runs' results in the order of `referenceScenarios()`. */
export function compareReferences(results: SimResult[]): SimReferences {
  const keys = referenceScenarios();
  if (keys.length !== results.length) throw new Error(`expected ${keys.length} results, got ${results.length}`);
  const stepOf = new Map<string, number>();
  keys.forEach((k, i) => stepOf.set(`${k.ref}/${k.run}`, steadyStep(results[i])));
  const references: SimReference[] = REFERENCES.map((r) => {
    const figures = r.figures.map((f) => {
      const get = (run: string) => {
        const v = stepOf.get(`${r.id}/${run}`);
        if (v === undefined) throw new Error(`${r.id}: no run ${run}`);
        return v;
      };
      const kind = f.ratio ? ('ratio' as const) : ('step' as const);
      const predicted = f.ratio ? get(f.ratio[0]) / get(f.ratio[1]) : get(f.run!);
      return { id: f.id, label: f.label, kind, published: f.published, predicted, ...judge(kind, f.bound ?? 'point', predicted, f.published) };
    });
    const within = figures.every((f) => f.within);
    const status = !within ? ('not-reproduced' as const) : figures.some((f) => f.bound === 'upper') ? ('within-bound' as const) : ('reproduced' as const);
    return {
      id: r.id,
      title: r.title,
      source: r.source,
      config: r.config,
      assumptions: r.assumptions,
      figures,
      status,
      caveats: r.caveats ?? [],
      reason: within ? null : (r.reason ?? null),
    };
  });
  const all = references.flatMap((r) => r.figures);
  return {
    stepTolerance: STEP_TOLERANCE,
    ratioTolerance: RATIO_TOLERANCE,
    references,
    summary: {
      references: references.length,
      reproduced: references.filter((r) => r.status === 'reproduced').length,
      figures: all.length,
      within: all.filter((f) => f.within).length,
      medianAbsError: median(all.map((f) => Math.abs(f.error))),
    },
  };
}

/**
 * A published figure against the prediction. A point estimate is within when |predicted /
 * published − 1| ≤ the kind's tolerance; an upper bound when predicted ≤ published, and the share
 * of the published figure the prediction leaves to what is not a step is stated.
 */
export function judge(kind: 'step' | 'ratio', bound: 'point' | 'upper', predicted: number, published: number) {
  const error = predicted / published - 1;
  const tolerance = kind === 'ratio' ? RATIO_TOLERANCE : STEP_TOLERANCE;
  if (bound === 'upper') return { error, tolerance, bound, within: predicted <= published, otherShare: 1 - predicted / published };
  return { error, tolerance, bound, within: Math.abs(error) <= tolerance };
}

/**
 * Mean step time after the first step, without the checkpoint the simulator writes at the end of
 * every run: published figures are means over hundreds of steps, where an async pipeline's fill
 * (its first step) and one final checkpoint are negligible; a short simulated run must leave them out.
 */
export function steadyStep(r: SimResult): number {
  const s = r.stepSeconds;
  if (s.length < 2) return r.step.meanSeconds;
  let sum = 0;
  for (let i = 1; i < s.length; i++) sum += s[i];
  return (sum - (r.overheads?.checkpointWriteSeconds ?? 0)) / (s.length - 1);
}

function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  if (!a.length) return 0;
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}
