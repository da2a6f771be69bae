import type { costEvidence } from './en/costEvidence';
import type { wizard } from './en/wizard';
import type { Widen } from './types';

/**
 * The report's own words (headings, labels, verdicts) in both languages. User text never
 * passes through here; every value returned is trusted chrome and is still escaped by the
 * format writers like any other string.
 */
export interface ReportStrings {
  reportTitle: string;
  /** A time of day in UTC, as the reports print every time: "2026-05-01 09:30 UTC". */
  utcTime: (date: string, time: string) => string;
  /** A validation method the team named itself. */
  customMethod: string;
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
  /** `model`: the weight model in words (`smaaModel`). */
  acceptabilityIntro: (samples: number, model: string) => string;
  /** The SMAA weight model used; `spread` for `around`, `constraints` already in words. */
  smaaModel: (model: 'around' | 'judgments-bootstrap' | 'judgments-perturb' | 'constraints', spread: string, constraints: string) => string;
  /** One weight constraint in words: "Cost ≥ 2 × Scalability". */
  smaaConstraint: (greater: string, lesser: string, ratio: string) => string;
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
  analysisUnavailable: (reason: string) => string;
  simulations: string;
  /** The cost evidence per candidate (shared/model cost-evidence.ts), as step 5 shows it. */
  evidence: Widen<typeof costEvidence> & {
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
  /**
   * Decision health: the last re-evaluation kept (shared/model reevaluate.ts `lastReevaluation`).
   * The screen's sentences (step 6's board, `{{…}}` templates) and the report's labels around them.
   */
  reevaluation: Pick<Widen<typeof wizard>['wizard']['review'], 'reevaluated' | 'whatItTakes' | 'regain' | 'regainFar' | 'regainNone' | 'smallestChange'> & {
    whatIf: string;
    whatIfText: (name: string, date: string) => string;
    result: string;
    unavailable: string;
    neverChanges: string;
    /** "What it would take" followed by the weight moves that do it. */
    withMoves: (sentence: string, moves: string) => string;
    outcome: string;
    confirmed: (date: string, observation: string) => string;
    newDecision: (candidate: string, date: string) => string;
    decidedAgain: (candidate: string, date: string) => string;
    open: string;
  };
  // How the room converged (round history).
  converged: string;
  convergedIntro: string;
  round: string;
  roundTrendHead: string;
  roundNo: (no: number) => string;
  roundKind: { scores: string; pairwise: string; both: string };
  roundDate: string;
  roundParticipants: string;
  roundChanges: string;
  roundDisagreement: string;
  roundTrend: { first: string; converging: string; diverging: string; steady: string; unknown: string };
  roundOpen: string;
  mostChanged: string;
  cellLabel: string;
  changeWho: string;
  changeFromTo: string;
  spreadBeforeAfter: string;
  noChanges: string;
  // The criteria hierarchy (dimensions expanded into their focus points).
  hierarchy: string;
  hierarchyIntro: string;
  hierarchyNode: string;
  localPoints: string;
  localWeight: string;
  globalWeight: string;
  /** A pairwise dimension's row: its consistency ratio (formatted), or that its judgments do not link every focus point yet. */
  hierarchyPairwiseCr: (cr: string) => string;
  leafScoredIntro: (dimension: string) => string;
  leafScoredRow: string;
  leafScoredDerived: (dimension: string) => string;
  leafScoredPending: string;
  leafScoredInScores: (list: string) => string;
  /** Under the score rationales: the dimensions scored at their focus points whose own (unused) scores carry rationales, not listed. */
  rationalesLeafScored: (list: string) => string;
  hierarchyPairwisePending: string;
  // Per pairwise node: which consistency index, and the group that judged it (issue 28).
  /** After the CR: that it is Saaty's, with Alonso–Lamata's beside it (formatted). */
  hierarchyCrIndex: (alonsoLamata: string) => string;
  /** Participants judged the node: how many, and their consensus S* (formatted) with its label. */
  hierarchyGroup: (judges: number, sStar: string, label: string) => string;
  /** One participant judged the node: consensus not applicable. */
  hierarchyGroupNa: (judges: number) => string;
}
