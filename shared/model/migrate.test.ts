import { describe, expect, it } from 'vitest';
import { FRAMEWORK_CRITERIA, DEFAULT_CANDIDATES, DECISION_STEPS, NEEDS_GROUPS, ROLLOUT_CHECKLIST, VALIDATION_METHODS, ADAPTATION_RULES } from '../framework';
import { createSampleWorkshop, createWorkshop, migrate, nameText, SCHEMA_VERSION, WorkshopDocSchema } from '.';

const fixedNow = '2026-11-29T10:00:00.000Z';

describe('createWorkshop', () => {
  it('starts from the seed framework: 9 criteria summing to 100 points, 3 archetypes, checklist and validation plan', () => {
    const doc = createWorkshop({ title: 'T', lang: 'zh-CN', id: 'w1', now: fixedNow });
    expect(doc.schemaVersion).toBe(SCHEMA_VERSION);
    expect(doc.criteria.map((c) => nameText(c.name, 'zh-CN'))).toEqual([
      '失配控制',
      '吞吐效率',
      '上下文管理',
      '信用分配',
      '稳定性与容错',
      '扩展性',
      '安全与合规',
      '运维复杂度',
      '成本结构',
    ]);
    expect(doc.criteria.reduce((a, c) => a + c.weight, 0)).toBe(100);
    expect(doc.candidates.map((c) => nameText(c.name, 'zh-CN'))).toEqual(['自建分布式训练集群', '托管云训练平台', '混合架构']);
    expect(doc.rollout.items).toHaveLength(ROLLOUT_CHECKLIST.length);
    expect(doc.validation).toHaveLength(DEFAULT_CANDIDATES.length * VALIDATION_METHODS.length);
    expect(doc.adaptation.rules).toHaveLength(ADAPTATION_RULES.length);
    expect(doc.meta).toMatchObject({ title: 'T', lang: 'zh-CN', date: '2026-11-29' });
  });

  it('copies the template: editing a workshop never changes the built-in framework', () => {
    const doc = createWorkshop({ title: 'T', lang: 'en' });
    doc.criteria[0].name.default!.en = 'changed';
    doc.criteria[0].focusPoints[0].en = 'changed';
    expect(FRAMEWORK_CRITERIA[0].name.en).toBe('Mismatch control');
    expect(FRAMEWORK_CRITERIA[0].focusPoints[0].en).toBe('Reward model calibration');
  });
});

describe('framework template', () => {
  it('has every text in both languages', () => {
    const texts: { 'zh-CN': string; en: string }[] = [];
    for (const c of FRAMEWORK_CRITERIA) texts.push(c.name, c.description, ...c.focusPoints, ...c.highPriority);
    for (const g of NEEDS_GROUPS) {
      texts.push(g.title);
      for (const q of g.questions) texts.push(q.label, q.help, ...(q.options ?? []).map((o) => o.label));
    }
    for (const s of DECISION_STEPS) texts.push(s.name, s.guidance);
    for (const r of ADAPTATION_RULES) texts.push(r.reason);
    for (const t of texts) {
      expect(t['zh-CN'].trim().length).toBeGreaterThan(0);
      expect(t.en.trim().length).toBeGreaterThan(0);
      expect(t['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('every question feeds known criteria and every rule targets known criteria and questions', () => {
    const ids = new Set(FRAMEWORK_CRITERIA.map((c) => c.id));
    const questions = new Set(NEEDS_GROUPS.flatMap((g) => g.questions.map((q) => q.id)));
    for (const g of NEEDS_GROUPS) for (const q of g.questions) for (const f of q.feeds) expect(ids.has(f), `${q.id} feeds ${f}`).toBe(true);
    for (const r of ADAPTATION_RULES) {
      for (const e of r.effects) expect(ids.has(e.criterionId), `${r.id} → ${e.criterionId}`).toBe(true);
      for (const w of r.when) expect(questions.has(w.question), `${r.id} reads ${w.question}`).toBe(true);
    }
  });

  it('has the seven steps of §六 in order', () => {
    expect(DECISION_STEPS.map((s) => s.name['zh-CN'])).toEqual(['需求确认', '初筛范围', '小规模验证', '指标对比', '综合评估', '灰度上线', '持续迭代']);
  });
});

describe('migrate', () => {
  it('accepts a valid current document unchanged', () => {
    const doc = createSampleWorkshop('en', fixedNow, 'sample-1');
    const res = migrate(JSON.parse(JSON.stringify(doc)));
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.doc).toEqual(doc);
  });

  it('fills defaults of optional sections', () => {
    const doc = createWorkshop({ title: 'T', lang: 'en', id: 'w1', now: fixedNow });
    const minimal = {
      schemaVersion: 1,
      id: 'w1',
      createdAt: fixedNow,
      updatedAt: fixedNow,
      frameworkVersion: '1.0.0',
      meta: { title: 'T', lang: 'en' },
      criteria: doc.criteria,
      candidates: doc.candidates,
    };
    const res = migrate(minimal);
    expect(res.ok).toBe(true);
    if (res.ok) {
      expect(res.doc.scores).toEqual([]);
      expect(res.doc.scale).toEqual({ min: 0, max: 10 });
      expect(res.doc.currentStep).toBe('needs');
    }
  });

  it.each([
    ['not an object', 42, '(root)'],
    ['an array', [], '(root)'],
    ['no schemaVersion', { id: 'x' }, 'schemaVersion'],
    ['a future schemaVersion', { schemaVersion: 99 }, 'schemaVersion'],
  ])('refuses %s with a clear message', (_label, input, path) => {
    const res = migrate(input);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.issues[0].path).toBe(path);
      expect(res.message.length).toBeGreaterThan(10);
    }
  });

  it('lists each problem with its path (at most 20)', () => {
    const doc = JSON.parse(JSON.stringify(createSampleWorkshop('en', fixedNow, 's')));
    doc.meta.title = '';
    doc.criteria[2].weight = -1;
    doc.scores[5].value = 'high';
    doc.candidates[1].colour = 'red';
    const res = migrate(doc);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    const paths = res.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['meta.title', 'criteria[2].weight', 'scores[5].value', 'candidates[1].colour']));
    const many = JSON.parse(JSON.stringify(createSampleWorkshop('en', fixedNow, 's')));
    many.scores.forEach((s: { value: unknown }) => (s.value = 'x'));
    const res2 = migrate(many);
    expect(!res2.ok && res2.issues.length).toBe(20);
  });

  it('refuses prototype-pollution keys and leaves Object.prototype alone', () => {
    const text = JSON.stringify(createWorkshop({ title: 'T', lang: 'en', id: 'w', now: fixedNow })).replace(
      '"meta":{',
      '"meta":{"__proto__":{"polluted":true},',
    );
    const res = migrate(JSON.parse(text));
    expect(res.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses absurdly long lists at once, naming them', () => {
    const doc = JSON.parse(JSON.stringify(createSampleWorkshop('en', fixedNow, 's')));
    doc.candidates = new Array(2_000_000).fill({});
    const res = migrate(doc);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.issues).toMatchObject([{ path: 'candidates', message: 'too many items (2000000; at most 50)' }]);
  });

  it('checks cross references: unknown ids and duplicates', () => {
    const doc = JSON.parse(JSON.stringify(createSampleWorkshop('en', fixedNow, 's')));
    doc.scores[0].candidateId = 'ghost';
    doc.criteria[1].id = doc.criteria[0].id;
    const res = migrate(doc);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['scores[0].candidateId', 'criteria[1].id']));
    }
  });

  it('the sample workshop validates and has scores for every cell', () => {
    const doc = createSampleWorkshop('zh-CN');
    expect(WorkshopDocSchema.safeParse(doc).success).toBe(true);
    expect(doc.scores).toHaveLength(doc.participants.length * doc.candidates.length * doc.criteria.length);
  });
});

describe('pilot metric points', () => {
  const withPoints = (points: unknown) => {
    const doc = createWorkshop({ title: 'T', lang: 'en', id: 'w1', now: fixedNow });
    return { ...doc, metrics: { series: [{ candidateId: doc.candidates[0].id, metric: 'reward', bucket: '', points }], imports: [], written: [] } };
  };

  it('keeps a valid 100,000-point series as it is', () => {
    const points = Array.from({ length: 100_000 }, (_, i) => [i, Math.sin(i)]);
    const result = migrate(withPoints(points));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.doc.metrics.series[0].points).toEqual(points);
  });

  it('names each bad point by its path: not a pair, not a finite number, not a list', () => {
    const result = migrate(withPoints([[0, 1], [1], [2, 'x'], [3, null], 'p', [5, 6, 7]]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'metrics.series[0].points[1]: must be an [x, y] pair of numbers',
      'metrics.series[0].points[2][1]: must be a finite number',
      'metrics.series[0].points[3][1]: must be a finite number',
      'metrics.series[0].points[4]: must be an [x, y] pair of numbers',
      'metrics.series[0].points[5]: must be an [x, y] pair of numbers',
    ]);
    const notList = migrate(withPoints({ 0: [1, 2] }));
    expect(notList.ok || notList.issues.map((i) => i.path)).toEqual(['metrics.series[0].points']);
  });

  it('refuses more than 200,000 points, and reports at most 20 bad ones', () => {
    const tooMany = migrate(withPoints(Array.from({ length: 200_001 }, (_, i) => [i, 0])));
    expect(tooMany.ok || tooMany.issues.map((i) => i.path)).toEqual(['metrics.series[0].points']);
    const allBad = migrate(withPoints(Array.from({ length: 1000 }, () => [NaN, 0])));
    expect(allBad.ok || allBad.issues.length).toBe(20);
  });
});
