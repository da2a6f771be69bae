import type { Lang } from '../../shared/framework';
import { COST_EVIDENCE_LABELS } from '../../shared/model/cost-evidence';

/**
 * The report's own words (headings, labels, verdicts) in both languages. User text never
 * passes through here; every value returned is trusted chrome and is still escaped by the
 * format writers like any other string.
 */
export interface ReportStrings {
  reportTitle: string;
  generatedBy: string;
  /** The file format's and the framework's versions, in the footer. */
  versions: (schema: number, framework: string) => string;
  team: string;
  facilitator: string;
  date: string;
  language: string;
  contents: string;
  summary: string;
  summaryWinner: (name: string) => string;
  summaryDecided: (name: string) => string;
  summaryNoDecision: string;
  summaryNoScores: string;
  needs: string;
  question: string;
  answer: string;
  otherAnswers: string;
  needsNotes: string;
  noAnswers: string;
  yes: string;
  no: string;
  candidates: string;
  kind: Record<string, string>;
  notes: string;
  translation: string;
  criteriaWeights: string;
  criterion: string;
  group: Record<string, string>;
  baseWeight: string;
  adaptation: string;
  finalWeight: string;
  share: string;
  weightingMethod: Record<string, string>;
  adaptationRules: string;
  rule: string;
  effect: string;
  status: string;
  proposalStatus: Record<string, string>;
  noRules: string;
  weightsDiffer: string;
  /** Where the final weights came from (the provenance of the weights in force). */
  provenance: {
    adapted: (rules: string) => string;
    ahp: (names: string, when: string) => string;
    rank: (order: string, when: string) => string;
    scenario: (name: string, when: string) => string;
    hand: (names: string) => string;
    kept: (n: number) => string;
    pending: string;
  };
  participants: string;
  role: Record<string, string>;
  roleCol: string;
  kindCol: string;
  areaCol: string;
  runCost: string;
  /** Label–value separator (': ' in English, full-width '：' in Chinese). */
  colon: string;
  /** Percentage points. */
  pp: string;
  simulationsCompared: string;
  whatIf: string;
  whatIfIntro: string;
  scenario: string;
  winnerCol: string;
  sameWinner: string;
  otherWinner: string;
  influence: string;
  scores: string;
  scoresIntro: (aggregation: string, min: number, max: number) => string;
  aggregation: Record<string, string>;
  disagreement: string;
  highDisagreement: string;
  notScored: string;
  consensus: string;
  ranking: string;
  rank: string;
  candidate: string;
  total: string;
  coverage: string;
  coverageNote: string;
  firstRank: string;
  chosen: string;
  radar: string;
  radarNote: (shown: number, all: number) => string;
  robustness: string;
  stability: string;
  stabilityIntro: string;
  currentWeight: string;
  stableRange: string;
  flipsTo: string;
  neverFlips: string;
  acceptability: string;
  acceptabilityIntro: (samples: number, spread: string) => string;
  rankN: (n: number) => string;
  /** What "± x %" after an acceptability means, one line. */
  acceptabilityError: string;
  /** The runner-up's smallest L1 change of the weights to tie the winner; `moves` lists the biggest weight moves. */
  runnerUp: (name: string, leader: string, distance: string, moves: string) => string;
  runnerUpNone: (name: string, leader: string) => string;
  /** One weight move: "Cost 30.0% → 22.5%". */
  weightMove: (criterion: string, from: string, to: string) => string;
  /** Group AHP: Goepel's consensus S*, n/a below two judges, and how many judges' judgments counted. */
  ahpConsensus: (sStar: string, label: string) => string;
  ahpConsensusNa: string;
  ahpJudges: (n: number) => string;
  consensusLabel: Record<'very-low' | 'low' | 'moderate' | 'high' | 'very-high', string>;
  verdict: string;
  robust: string;
  fragile: string;
  undetermined: string;
  margin: string;
  mostCritical: (criterion: string, change: string, winner: string) => string;
  analysisUnavailable: (reason: string) => string;
  simulations: string;
  /** The cost evidence per candidate (shared/model cost-evidence.ts), as step 5 shows it. */
  evidence: (typeof COST_EVIDENCE_LABELS)[Lang] & {
    calibrated: (at: string) => string;
    invalid: string;
    band: (mid: string, p10: string, p90: string) => string;
    runText: (steps: string, paramsB: string, gpus: number, gpu: string) => string;
    noBudget: string;
  };
  simulation: string;
  noSimulations: string;
  notRun: string;
  ranAt: string;
  stepTime: string;
  wallHours: string;
  gpuHours: string;
  costTotal: string;
  costPerStep: string;
  utilisation: string;
  archetypeCosts: string;
  archetype: Record<string, string>;
  otherResult: string;
  /** A result kept from an older simulator version, which this one cannot read. */
  outdatedResult: string;
  /** A result whose scenario was changed since it was simulated ({n} settings). */
  staleResult: (n: number) => string;
  /** The exchange rate the simulator's dollar amounts were converted at. */
  rateNote: (rate: string) => string;
  staleTag: string;
  scenarioLabel: string;
  validation: string;
  method: string;
  title: string;
  owner: string;
  due: string;
  result: string;
  taskStatus: Record<string, string>;
  noValidation: string;
  metrics: string;
  metricName: Record<string, string>;
  bucket: Record<string, string>;
  noMetrics: string;
  step: string;
  rollout: string;
  rolloutScope: string;
  goNoGo: string;
  item: string;
  note: string;
  noRollout: string;
  iteration: string;
  area: Record<string, string>;
  observation: string;
  decisionCol: string;
  nextReview: string;
  noIteration: string;
  decisionRecord: string;
  decision: string;
  rationale: string;
  dissent: string;
  consequences: string;
  decidedAt: string;
  reviewDate: string;
  none: string;
  noDecision: string;
  /** The scores or weights changed since the decision was recorded. */
  decisionStale: string;
  rationales: string;
  participant: string;
  score: string;
  workshopNotes: string;
  // Markdown ADR
  deckCost: string;
  deckNextSteps: string;
  deckNoNextSteps: string;
  deckContinued: string;
  adrTitle: (title: string) => string;
  adrStatus: string;
  adrAccepted: string;
  adrProposed: string;
  adrContext: string;
  adrOptions: string;
  adrDecision: string;
  adrConsequences: string;
  adrDissent: string;
  adrReview: string;
  adrAnalysisRecommends: (name: string) => string;
}

const en: ReportStrings = {
  reportTitle: 'Decision report',
  generatedBy: 'Generated by Selection Workshop',
  versions: (schema, framework) => `file format ${schema} · framework ${framework}`,
  team: 'Team',
  facilitator: 'Facilitator',
  date: 'Date',
  language: 'Language',
  contents: 'Contents',
  summary: 'Summary',
  summaryWinner: (n) => `The weighted evaluation ranks ${n} first.`,
  summaryDecided: (n) => `The team decided for ${n}.`,
  summaryNoDecision: 'No decision has been recorded yet.',
  summaryNoScores: 'No scores have been entered yet, so there is no ranking.',
  needs: 'Needs',
  question: 'Question',
  answer: 'Answer',
  otherAnswers: 'Other answers',
  needsNotes: 'Notes on the needs',
  noAnswers: 'No needs answered yet.',
  yes: 'Yes',
  no: 'No',
  candidates: 'Candidates',
  kind: { 'self-built': 'Self-built', managed: 'Managed', hybrid: 'Hybrid', custom: 'Custom' },
  notes: 'Notes',
  translation: 'Translation',
  criteriaWeights: 'Criteria and weights',
  criterion: 'Criterion',
  group: { challenge: 'Core challenge', system: 'System dimension', custom: 'Custom' },
  baseWeight: 'Base',
  adaptation: 'Adaptation',
  finalWeight: 'Final weight',
  share: 'Share',
  weightingMethod: { points: 'Weights set as points.', ahp: 'Weights from pairwise comparison (AHP).', rank: 'Weights from an importance ranking.' },
  adaptationRules: 'Adaptation rules',
  rule: 'Rule',
  effect: 'Effect',
  status: 'Status',
  proposalStatus: { accepted: 'Accepted', rejected: 'Rejected', pending: 'Not decided' },
  noRules: 'No adaptation rule applies to the answers.',
  weightsDiffer: 'The final weights were edited after the adaptation rules; the adaptation column shows what the accepted rules added.',
  provenance: {
    adapted: (rules) =>
      `Provenance of the final weights: the starting weights with the accepted adaptation rules${rules ? ` (${rules})` : ' (none accepted)'}.`,
    ahp: (names, when) => `Provenance of the final weights: the group AHP weights of ${names}, adopted ${when}.`,
    rank: (order, when) => `Provenance of the final weights: rank-order (ROC) weights of the order ${order}, adopted ${when}.`,
    scenario: (name, when) => `Provenance of the final weights: the weights of the scenario “${name}”, applied ${when}.`,
    hand: (names) => `Set by hand since: ${names}.`,
    kept: (n) => `The team kept these weights against ${n} proposed change${n === 1 ? '' : 's'} from upstream.`,
    pending: 'A change upstream (needs, rules, judgments or order) proposes other weights; the team has not decided on it yet.',
  },
  participants: 'Participants',
  role: {
    facilitator: 'Facilitator',
    'ml-engineer': 'ML engineer',
    'infra-sre': 'Infrastructure / SRE',
    security: 'Security',
    finance: 'Finance',
    product: 'Product',
    other: 'Other',
  },
  influence: 'Influence',
  roleCol: 'Role',
  kindCol: 'Kind',
  areaCol: 'Area',
  runCost: 'Run only',
  colon: ': ',
  pp: 'pp',
  simulationsCompared: 'Simulations side by side',
  whatIf: 'What-if scenarios',
  whatIfIntro: 'Saved scenarios with other weights or scores, and who wins under each.',
  scenario: 'Scenario',
  winnerCol: 'Winner',
  sameWinner: 'same winner',
  otherWinner: 'different winner',
  scores: 'Scores',
  scoresIntro: (a, min, max) => `Group score per cell (${a}) on the ${min}–${max} scale; ± is the standard deviation across participants.`,
  aggregation: { mean: 'mean', median: 'median', geometric: 'geometric mean' },
  disagreement: 'Disagreement',
  highDisagreement: 'High disagreement',
  notScored: 'not scored',
  consensus: 'Consensus',
  ranking: 'Ranking',
  rank: 'Rank',
  candidate: 'Candidate',
  total: 'Weighted total',
  coverage: 'Coverage',
  coverageNote: 'Coverage below 100 % means some weighted criteria have no score; such a total is a lower bound.',
  firstRank: 'First-rank acceptability',
  chosen: 'chosen',
  radar: 'Profile (radar)',
  radarNote: (shown, all) => (shown < all ? `The ${shown} best-ranked of ${all} candidates, group scores per criterion.` : 'Group scores per criterion.'),
  robustness: 'Robustness',
  stability: 'Weight stability intervals',
  stabilityIntro: 'For each criterion: the range its weight can move (the others rescaled in proportion) while the winner stays the same.',
  currentWeight: 'Current weight',
  stableRange: 'Winner unchanged from … to',
  flipsTo: 'Beyond, the winner becomes',
  neverFlips: 'never changes',
  acceptability: 'Rank acceptability (SMAA)',
  acceptabilityIntro: (samples, spread) =>
    `Share of ${samples.toLocaleString('en')} simulations in which each candidate takes each rank, with weights varied around the team's weights (RMS spread ${spread}) and scores varied by the participants' disagreement.`,
  rankN: (n) => `Rank ${n}`,
  acceptabilityError:
    '± is one Monte Carlo standard error of the share: another run with other random samples would usually (about two times in three) land within it.',
  runnerUp: (name, leader, distance, moves) =>
    `What it takes for ${name} to tie ${leader}: a change of ${distance} percentage points of weight in total (L1, the sum of the absolute changes), e.g. ${moves}.`,
  runnerUpNone: (name, leader) => `What it takes for ${name} to tie ${leader}: no weights make it catch up (it is behind on every criterion).`,
  weightMove: (criterion, from, to) => `${criterion} ${from} → ${to}`,
  ahpConsensus: (sStar, label) => `AHP consensus S*: ${sStar} (${label})`,
  ahpConsensusNa: 'AHP consensus S*: n/a (fewer than two participants’ judgments connect all criteria)',
  ahpJudges: (n) => `Judgments counted: ${n} ${n === 1 ? 'participant' : 'participants'} (those whose answered pairs connect all criteria).`,
  consensusLabel: { 'very-low': 'very low', low: 'low', moderate: 'moderate', high: 'high', 'very-high': 'very high' },
  verdict: 'Verdict',
  robust: 'Robust winner',
  fragile: 'Fragile winner',
  undetermined: 'Not enough scores to judge robustness.',
  margin: 'Margin over the runner-up',
  mostCritical: (c, change, w) => `Most critical criterion: ${c} — a weight change of ${change} makes ${w} the winner.`,
  analysisUnavailable: (r) => `The analysis could not be computed: ${r}`,
  simulations: 'Cost simulation',
  evidence: {
    ...COST_EVIDENCE_LABELS.en,
    calibrated: (at) => `Pilot calibration of ${at}`,
    invalid: 'The simulator does not take this full-scale run (for example, the model does not fit on its GPUs).',
    band: (mid, p10, p90) => `${mid} (p10–p90 ${p10} – ${p90})`,
    runText: (steps, paramsB, gpus, gpu) => `${steps} steps, ${paramsB} B on ${gpus} × ${gpu}`,
    noBudget: 'No budget in the needs: the costs are not compared with one.',
  },
  simulation: 'Simulation',
  noSimulations: 'No cost simulation was run.',
  notRun: 'not run yet',
  ranAt: 'Run at',
  stepTime: 'Step time (mean / p90)',
  wallHours: 'Wall time',
  gpuHours: 'GPU-hours',
  costTotal: 'Cost total',
  costPerStep: 'Cost per step',
  utilisation: 'GPU utilisation (rollout / train)',
  archetypeCosts: 'Cost per archetype (billing horizon)',
  rateNote: (rate) => `The simulator prices in US dollars; amounts and the budget are in the workshop’s currency, converted at ${rate}.`,
  archetype: { 'self-built': 'Self-built', managed: 'Managed', hybrid: 'Hybrid' },
  otherResult: 'Stored result',
  outdatedResult: 'Outdated result: saved by an earlier version of the simulator, kept as stored. Run the simulation again for current figures.',
  staleResult: (n) =>
    `Stale: the scenario was changed in ${n} setting${n === 1 ? '' : 's'} after this result was simulated. The figures are those of the earlier scenario.`,
  staleTag: 'stale',
  scenarioLabel: 'Scenario',
  validation: 'Validation plan',
  method: 'Method',
  title: 'Title',
  owner: 'Owner',
  due: 'Due',
  result: 'Result',
  taskStatus: { todo: 'To do', 'in-progress': 'In progress', done: 'Done', blocked: 'Blocked' },
  noValidation: 'No validation task planned.',
  metrics: 'Pilot metrics',
  metricName: {
    'iteration-speed': 'Training iteration speed',
    reward: 'Reward',
    'success-rate': 'Task success rate',
    utilization: 'Resource utilisation',
    'rollout-seconds': 'Rollout seconds per step',
    'train-seconds': 'Training seconds per step',
    'tokens-per-second': 'Generated tokens per second',
  },
  bucket: { '': '', short: 'short horizon', medium: 'medium horizon', long: 'long horizon' },
  noMetrics: 'No pilot metrics recorded.',
  step: 'step',
  rollout: 'Rollout checklist',
  rolloutScope: 'Canary scope',
  goNoGo: 'Go / no-go criteria',
  item: 'Item',
  note: 'Note',
  noRollout: 'No rollout checklist.',
  iteration: 'Iteration log',
  area: { 'reward-design': 'Reward design', 'context-strategy': 'Context strategy', 'resource-config': 'Resource configuration', other: 'Other' },
  observation: 'Observation',
  decisionCol: 'Decision',
  nextReview: 'Next review',
  noIteration: 'No iteration recorded yet.',
  decisionRecord: 'Decision record',
  decision: 'Decision',
  rationale: 'Rationale',
  dissent: 'Dissent',
  consequences: 'Consequences',
  decidedAt: 'Decided on',
  reviewDate: 'Review date',
  none: '—',
  noDecision: 'No decision recorded.',
  decisionStale:
    'Stale: the scores or weights changed after this decision was recorded. The ranking in this report is the current one, not the one the decision was made on; the team has not yet confirmed the decision again.',
  rationales: 'Score rationales',
  participant: 'Participant',
  score: 'Score',
  workshopNotes: 'Workshop notes',
  deckCost: 'Cost comparison',
  deckNextSteps: 'Decision and next steps',
  deckNoNextSteps: 'No open rollout items.',
  deckContinued: '(continued)',
  adrTitle: (t) => `Decision record: ${t}`,
  adrStatus: 'Status',
  adrAccepted: 'Accepted',
  adrProposed: 'Proposed',
  adrContext: 'Context',
  adrOptions: 'Options considered',
  adrDecision: 'Decision',
  adrConsequences: 'Consequences',
  adrDissent: 'Dissent',
  adrReview: 'Review',
  adrAnalysisRecommends: (n) => `No decision has been recorded; the weighted evaluation ranks ${n} first.`,
};

const zh: ReportStrings = {
  reportTitle: '选型决策报告',
  generatedBy: '由选型工作坊生成',
  versions: (schema, framework) => `文件格式第 ${schema} 版 · 评估框架 ${framework}`,
  team: '团队',
  facilitator: '主持人',
  date: '日期',
  language: '语言',
  contents: '目录',
  summary: '摘要',
  summaryWinner: (n) => `加权评估结果排名第一的是：${n}。`,
  summaryDecided: (n) => `团队最终决定：${n}。`,
  summaryNoDecision: '尚未记录最终决策。',
  summaryNoScores: '尚未录入评分，因此没有排名。',
  needs: '需求确认',
  question: '问题',
  answer: '回答',
  otherAnswers: '其他回答',
  needsNotes: '需求备注',
  noAnswers: '尚未回答需求问题。',
  yes: '是',
  no: '否',
  candidates: '候选方案',
  kind: { 'self-built': '自建', managed: '托管', hybrid: '混合', custom: '自定义' },
  notes: '备注',
  translation: '译名',
  criteriaWeights: '评估维度与权重',
  criterion: '评估维度',
  group: { challenge: '核心挑战', system: '系统维度', custom: '自定义' },
  baseWeight: '基础权重',
  adaptation: '适配调整',
  finalWeight: '最终权重',
  share: '占比',
  weightingMethod: { points: '权重以分值设定。', ahp: '权重来自两两比较（AHP）。', rank: '权重来自重要性排序。' },
  adaptationRules: '方案适配规则',
  rule: '规则',
  effect: '影响',
  status: '状态',
  proposalStatus: { accepted: '已采纳', rejected: '已拒绝', pending: '未决定' },
  noRules: '没有适用于当前回答的适配规则。',
  weightsDiffer: '最终权重在适配规则之后又经过手动调整；“适配调整”一列显示已采纳规则带来的变化。',
  provenance: {
    adapted: (rules) => `最终权重的来源：初始权重加已采纳的适配规则${rules ? `（${rules}）` : '（未采纳任何规则）'}。`,
    ahp: (names, when) => `最终权重的来源：${names} 的群体 AHP 权重，采用于 ${when}。`,
    rank: (order, when) => `最终权重的来源：排序赋权（ROC）权重，顺序为 ${order}，采用于 ${when}。`,
    scenario: (name, when) => `最终权重的来源：情景“${name}”的权重，应用于 ${when}。`,
    hand: (names) => `此后手动调整：${names}。`,
    kept: (n) => `团队保留了这些权重，未采纳 ${n} 次来自上游的变更建议。`,
    pending: '上游的变更（需求、规则、判断或排序）建议了不同的权重，团队尚未决定。',
  },
  participants: '参与者',
  role: {
    facilitator: '主持人',
    'ml-engineer': '算法工程师',
    'infra-sre': '基础设施 / SRE',
    security: '安全',
    finance: '财务',
    product: '产品',
    other: '其他',
  },
  influence: '影响力',
  roleCol: '角色',
  kindCol: '类型',
  areaCol: '方面',
  runCost: '仅本次运行',
  colon: '：',
  pp: '个百分点',
  simulationsCompared: '模拟结果对比',
  whatIf: '假设情景',
  whatIfIntro: '已保存的调整权重或评分的情景，以及各情景下的第一名。',
  scenario: '情景',
  winnerCol: '第一名',
  sameWinner: '第一名不变',
  otherWinner: '第一名改变',
  scores: '评分',
  scoresIntro: (a, min, max) => `每个单元格为团队评分（${a}），量表 ${min}–${max}；± 为参与者之间的标准差。`,
  aggregation: { mean: '平均值', median: '中位数', geometric: '几何平均' },
  disagreement: '分歧',
  highDisagreement: '分歧较大',
  notScored: '未评分',
  consensus: '共识度',
  ranking: '排名',
  rank: '名次',
  candidate: '候选方案',
  total: '加权总分',
  coverage: '覆盖率',
  coverageNote: '覆盖率低于 100% 表示部分有权重的维度没有评分；此时总分是下限。',
  firstRank: '第一名可接受度',
  chosen: '已选定',
  radar: '方案画像（雷达图）',
  radarNote: (shown, all) => (shown < all ? `共 ${all} 个候选方案中排名前 ${shown} 的方案，各维度的团队评分。` : '各维度的团队评分。'),
  robustness: '稳健性',
  stability: '权重稳定区间',
  stabilityIntro: '对每个维度：在其他权重按比例调整的情况下，该维度权重可以变动的范围内，第一名保持不变。',
  currentWeight: '当前权重',
  stableRange: '第一名不变的区间',
  flipsTo: '超出后第一名变为',
  neverFlips: '不会改变',
  acceptability: '排名可接受度（SMAA）',
  acceptabilityIntro: (samples, spread) =>
    `在 ${samples.toLocaleString('zh-CN')} 次模拟中各候选方案获得各名次的比例：权重围绕团队权重随机变动（均方根离散度 ${spread}），评分按参与者分歧随机变动。`,
  rankN: (n) => `第 ${n} 名`,
  acceptabilityError: '± 为该比例的一个蒙特卡洛标准误差：换一组随机样本重新模拟，结果通常（约三次中有两次）落在此范围内。',
  runnerUp: (name, leader, distance, moves) => `${name} 要追平 ${leader}：权重总共需改变 ${distance} 个百分点（L1，各项变化的绝对值之和），例如 ${moves}。`,
  runnerUpNone: (name, leader) => `${name} 要追平 ${leader}：任何权重都不能让它追上（它在每个维度上都落后）。`,
  weightMove: (criterion, from, to) => `${criterion} ${from} → ${to}`,
  ahpConsensus: (sStar, label) => `AHP 共识度 S*：${sStar}（${label}）`,
  ahpConsensusNa: 'AHP 共识度 S*：不适用（判断能连通所有维度的参与者不足两位）',
  ahpJudges: (n) => `计入判断的参与者：${n} 位（其已回答的两两比较连通所有维度）。`,
  consensusLabel: { 'very-low': '很低', low: '低', moderate: '中等', high: '高', 'very-high': '很高' },
  verdict: '结论',
  robust: '第一名稳健',
  fragile: '第一名脆弱',
  undetermined: '评分不足，无法判断稳健性。',
  margin: '领先第二名的差距',
  mostCritical: (c, change, w) => `最关键的维度：${c}——其权重变化 ${change} 即会使 ${w} 成为第一名。`,
  analysisUnavailable: (r) => `无法完成分析：${r}`,
  simulations: '成本模拟',
  evidence: {
    ...COST_EVIDENCE_LABELS['zh-CN'],
    calibrated: (at) => `${at} 的试点校准`,
    invalid: '模拟器无法运行此全量训练（例如模型放不进其 GPU）。',
    band: (mid, p10, p90) => `${mid}（p10–p90：${p10} – ${p90}）`,
    runText: (steps, paramsB, gpus, gpu) => `${steps} 步，${paramsB} B，${gpus} × ${gpu}`,
    noBudget: '需求中没有预算：成本无法与预算比较。',
  },
  simulation: '模拟',
  noSimulations: '尚未运行成本模拟。',
  notRun: '尚未运行',
  ranAt: '运行时间',
  stepTime: '单步耗时（平均 / p90）',
  wallHours: '总耗时',
  gpuHours: 'GPU 小时',
  costTotal: '总成本',
  costPerStep: '每步成本',
  utilisation: 'GPU 利用率（rollout / 训练）',
  archetypeCosts: '各类方案成本（计费周期）',
  rateNote: (rate) => `模拟器以美元计价；金额与预算均以工作坊币种显示，按 ${rate} 换算。`,
  archetype: { 'self-built': '自建', managed: '托管', hybrid: '混合' },
  otherResult: '保存的结果',
  outdatedResult: '结果已过期：由较早版本的模拟器保存，按原样保留。请重新运行模拟以获得当前数据。',
  staleResult: (n) => `已过期：此结果模拟后，场景有 ${n} 项设置被修改。以下数据对应修改前的场景。`,
  staleTag: '已过期',
  scenarioLabel: '场景',
  validation: '验证计划',
  method: '方法',
  title: '标题',
  owner: '负责人',
  due: '截止日期',
  result: '结果',
  taskStatus: { todo: '待办', 'in-progress': '进行中', done: '已完成', blocked: '受阻' },
  noValidation: '尚未安排验证任务。',
  metrics: '试点指标',
  metricName: {
    'iteration-speed': '训练迭代速度',
    reward: '奖励',
    'success-rate': '任务成功率',
    utilization: '资源利用率',
    'rollout-seconds': '每步 rollout 耗时（秒）',
    'train-seconds': '每步训练耗时（秒）',
    'tokens-per-second': '每秒生成 token 数',
  },
  bucket: { '': '', short: '短程', medium: '中程', long: '长程' },
  noMetrics: '尚未记录试点指标。',
  step: '步',
  rollout: '落地检查清单',
  rolloutScope: '灰度范围',
  goNoGo: '上线 / 不上线标准',
  item: '事项',
  note: '备注',
  noRollout: '没有落地检查清单。',
  iteration: '迭代记录',
  area: { 'reward-design': '奖励设计', 'context-strategy': '上下文策略', 'resource-config': '资源配置', other: '其他' },
  observation: '观察',
  decisionCol: '决定',
  nextReview: '下次复盘',
  noIteration: '尚无迭代记录。',
  decisionRecord: '决策记录',
  decision: '决策',
  rationale: '理由',
  dissent: '不同意见',
  consequences: '影响与后果',
  decidedAt: '决策日期',
  reviewDate: '复盘日期',
  none: '—',
  noDecision: '尚未记录决策。',
  decisionStale: '已过期：记录此决策后，评分或权重已发生变化。本报告中的排名为当前排名，而非做出决策时的排名；团队尚未重新确认该决策。',
  rationales: '评分理由',
  participant: '参与者',
  score: '评分',
  workshopNotes: '工作坊备注',
  deckCost: '成本对比',
  deckNextSteps: '决策与后续步骤',
  deckNoNextSteps: '没有未完成的上线事项。',
  deckContinued: '（续）',
  adrTitle: (t) => `决策记录：${t}`,
  adrStatus: '状态',
  adrAccepted: '已通过',
  adrProposed: '提议中',
  adrContext: '背景',
  adrOptions: '备选方案',
  adrDecision: '决策',
  adrConsequences: '影响与后果',
  adrDissent: '不同意见',
  adrReview: '复盘',
  adrAnalysisRecommends: (n) => `尚未记录决策；加权评估排名第一的是 ${n}。`,
};

const TABLE: Record<Lang, ReportStrings> = { en, 'zh-CN': zh };

export function reportStrings(lang: Lang): ReportStrings {
  return TABLE[lang];
}
