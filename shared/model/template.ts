import { DEFAULT_CNY_PER_USD } from './migrations/currency';
import { ADAPTATION_RULES, DEFAULT_CANDIDATES, FRAMEWORK_CRITERIA, FRAMEWORK_VERSION, ROLLOUT_CHECKLIST, VALIDATION_METHODS, t, type Lang } from '../framework';
import { newId, nowIso } from './ids';
import { defaultName } from './names';
import { SCHEMA_VERSION } from './version';
import type { Score, WorkshopDoc } from './schema';

/*
 * The built-in template and the sample workshop, built as complete documents (every field
 * the schema would default is given) without zod, so the app's first run creates its sample
 * without loading the schema. model/template.test.ts checks that WorkshopDocSchema.parse
 * returns each of them unchanged.
 */

export interface CreateOptions {
  title: string;
  lang: Lang;
  id?: string;
  now?: string;
}

/** A new workshop from the built-in framework template (seed §二–§八), not yet validated. */
export function templateDoc({ title, lang, id = newId(), now = nowIso() }: CreateOptions): WorkshopDoc {
  const criteria = FRAMEWORK_CRITERIA.map((c) => ({
    id: c.id,
    name: defaultName(c.name),
    group: c.group,
    description: { ...c.description },
    focusPoints: c.focusPoints.map((f) => ({ ...f })),
    highPriority: c.highPriority.map((h) => ({ ...h })),
    weight: c.weight,
  }));
  const candidates = DEFAULT_CANDIDATES.map((c, i) => ({
    id: c.id,
    name: defaultName(c.name),
    colour: i,
    kind: c.kind,
    description: { ...c.description },
    notes: '',
  }));
  return {
    schemaVersion: SCHEMA_VERSION,
    id,
    createdAt: now,
    updatedAt: now,
    frameworkVersion: FRAMEWORK_VERSION,
    meta: { title, team: '', facilitator: '', date: now.slice(0, 10), lang, description: '' },
    participants: [],
    criteria,
    candidates,
    needs: { answers: {}, notes: '' },
    // The template is bilingual, so the currency follows the workshop's language: yuan in zh-CN, dollars in en.
    currency: { code: lang === 'zh-CN' ? 'CNY' : 'USD', cnyPerUsd: DEFAULT_CNY_PER_USD },
    scores: [],
    ratings: [],
    scale: { min: 0, max: 10 },
    aggregation: 'mean',
    weighting: {
      method: 'points',
      ahp: [],
      ahpAggregation: 'aij',
      rankOrder: [],
      provenance: { source: 'adapted', adoptedAt: '', rules: [], judges: [], aggregation: '', order: [], scenarioId: '', basis: {}, handEdited: [], kept: [] },
    },
    adaptation: {
      rules: structuredClone(ADAPTATION_RULES),
      decisions: [],
      baseWeights: Object.fromEntries(criteria.map((c) => [c.id, c.weight])),
    },
    validation: candidates.flatMap((cand) =>
      VALIDATION_METHODS.map((m) => ({
        id: `${cand.id}.${m.id}`,
        candidateId: cand.id,
        methodId: m.id,
        title: '',
        owner: '',
        status: 'todo' as const,
        due: '',
        result: '',
      })),
    ),
    metrics: { series: [], imports: [], written: [], valueFunctions: {}, pilots: [], calibrations: [] },
    simulations: [],
    scenarios: [],
    rollout: {
      items: ROLLOUT_CHECKLIST.map((item) => ({
        id: item.id,
        templateId: item.id,
        title: { ...item.title },
        owner: '',
        due: '',
        status: 'todo' as const,
        note: '',
      })),
      scope: '',
      goNoGo: '',
    },
    iteration: { log: [], nextReview: '' },
    decision: { candidateId: null, rationale: '', dissent: '', consequences: '', decidedAt: '', reviewDate: '', basis: '', snapshot: null },
    review: { canary: [], imports: [], tolerance: 0.1 },
    rounds: [],
    hierarchy: [],
    leafScores: [],
    currentStep: 'needs',
    notes: '',
  };
}

/**
 * The sample workshop shown on first run: a code-agent team comparing the three
 * archetypes, with needs answered, four participants and scores with rationales,
 * so every screen is meaningful at once.
 */
export function createSampleWorkshop(lang: Lang, now = nowIso(), id = newId()): WorkshopDoc {
  const zh = lang === 'zh-CN';
  const doc = templateDoc({ title: zh ? '示例：代码智能体 RL 技术栈选型' : 'Sample: RL stack for a code agent', lang, id, now });
  const participants = [
    { id: 'p-lin', name: zh ? '林架构（主持）' : 'Lin (facilitator)', role: 'facilitator' as const, influence: 1 },
    { id: 'p-chen', name: zh ? '陈算法' : 'Chen (ML)', role: 'ml-engineer' as const, influence: 1 },
    { id: 'p-wang', name: zh ? '王运维' : 'Wang (SRE)', role: 'infra-sre' as const, influence: 1 },
    { id: 'p-zhao', name: zh ? '赵财务' : 'Zhao (finance)', role: 'finance' as const, influence: 1 },
  ];
  // Archetype profiles on the 0–10 scale (criterion order of FRAMEWORK_CRITERIA).
  const profile: Record<string, number[]> = {
    'self-built': [7, 8, 7, 8, 6, 6, 9, 3, 5],
    managed: [6, 7, 6, 5, 8, 8, 6, 9, 6],
    hybrid: [7, 8, 7, 7, 7, 8, 8, 6, 7],
  };
  // Each participant leans a little differently; the finance view disagrees on cost.
  const lean: Record<string, number[]> = {
    'p-lin': [0, 0, 0, 0, 0, 0, 0, 0, 0],
    'p-chen': [1, 0, 1, 1, 0, -1, 0, -1, 0],
    'p-wang': [0, -1, 0, 0, -1, 0, 0, 1, -1],
    'p-zhao': [-1, 0, -1, -1, 0, 0, 0, 0, 2],
  };
  const why = t('基于小规模验证与团队讨论', 'From the pilot and team discussion');
  const scores: Score[] = [];
  for (const p of participants) {
    for (const cand of doc.candidates) {
      doc.criteria.forEach((crit, k) => {
        const base = profile[cand.id][k] + lean[p.id][k] * (cand.id === 'self-built' ? 1 : cand.id === 'managed' ? -1 : 0.5);
        scores.push({
          participantId: p.id,
          candidateId: cand.id,
          criterionId: crit.id,
          value: Math.max(0, Math.min(10, Math.round(base))),
          rationale: k === 8 && p.id === 'p-zhao' ? why[lang] : '',
        });
      });
    }
  }
  return {
    ...doc,
    meta: { ...doc.meta, team: zh ? '智能体平台组' : 'Agent platform team', facilitator: participants[0].name },
    participants,
    scores,
    needs: {
      answers: {
        multiStepSuccessFocus: true,
        selfCorrection: true,
        taskType: 'code',
        growthStage: 'rapid-growth',
        rolloutSteps: 40,
        plannedTrainingSteps: 500,
        modelSizeB: 7,
        concurrentTrainingJobs: 4,
        dataScale: 'large',
        currentInfra: 'managed',
        onlineLearning: false,
        rlExperience: 'limited',
        distributedExperience: 'solid',
        monitoringMaturity: 'basic',
        costSensitivity: 'medium',
        budget: zh ? 300_000 : 50_000,
        budgetCurrency: zh ? 'CNY' : 'USD',
        elasticityNeed: 'high',
        maintenanceStaff: 3,
        complianceSensitive: true,
      },
      notes: '',
    },
    currentStep: 'screening',
  };
}
