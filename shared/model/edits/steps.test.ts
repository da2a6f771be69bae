import { describe, expect, it } from 'vitest';
import { createWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { addChecklistItem, removeChecklistItem, renameChecklistItem, setRolloutPlan, updateChecklistItem } from './rollout';
import { addIterationEntry, removeIterationEntry, setNextReview, updateDecision, updateIterationEntry } from './iteration';
import { addValidationItem, removeValidationItem, updateValidationItem } from './validation';

const NOW = '2026-03-01T09:00:00.000Z';
const fresh = () => createWorkshop({ title: 'T', lang: 'en', id: 'w1', now: NOW });
const valid = (doc: unknown) => expect(WorkshopDocSchema.safeParse(doc).error?.issues ?? []).toEqual([]);

describe('validation plan', () => {
  it('updates owner, status, due date and result of an item', () => {
    const doc = updateValidationItem(fresh(), 'managed.benchmark', { owner: 'Chen', status: 'done', due: '2026-03-15', result: 'Long-horizon success 41%' });
    expect(doc.validation.find((v) => v.id === 'managed.benchmark')).toMatchObject({
      owner: 'Chen',
      status: 'done',
      due: '2026-03-15',
      result: 'Long-horizon success 41%',
    });
    valid(doc);
  });
  it('adds and removes custom items for a known candidate only', () => {
    const doc = addValidationItem(fresh(), { id: 'x1', candidateId: 'hybrid', title: 'Failover drill' });
    expect(doc.validation.at(-1)).toMatchObject({ id: 'x1', methodId: 'custom', title: 'Failover drill', status: 'todo' });
    expect(addValidationItem(doc, { id: 'x2', candidateId: 'nope', title: 'x' })).toBe(doc);
    expect(removeValidationItem(doc, 'x1').validation).toHaveLength(15);
    valid(doc);
  });
});

describe('rollout checklist', () => {
  it('edits template items, adds and removes custom ones, and records scope and go/no-go', () => {
    let doc = updateChecklistItem(fresh(), 'monitoring', { owner: 'Wang', due: '2026-04-01', status: 'in-progress', note: 'Grafana boards' });
    doc = addChecklistItem(doc, { id: 'c1', lang: 'en', title: 'Rollback drill' });
    doc = renameChecklistItem(doc, 'c1', 'zh-CN', '回滚演练');
    doc = setRolloutPlan(doc, { scope: '5% of code-repair tasks', goNoGo: 'success ≥ baseline' });
    expect(doc.rollout.items.find((i) => i.id === 'monitoring')).toMatchObject({ owner: 'Wang', status: 'in-progress', note: 'Grafana boards' });
    expect(doc.rollout.items.at(-1)).toMatchObject({ templateId: '', title: { en: 'Rollback drill', 'zh-CN': '回滚演练' } });
    expect(doc.rollout).toMatchObject({ scope: '5% of code-repair tasks', goNoGo: 'success ≥ baseline' });
    expect(setRolloutPlan(doc, { scope: undefined, goNoGo: 'success ≥ baseline' })).toBe(doc);
    expect(removeChecklistItem(doc, 'c1').rollout.items).toHaveLength(6);
    valid(doc);
  });
});

describe('iteration log and decision', () => {
  it('logs dated reviews, the next review date and the decision record', () => {
    let doc = addIterationEntry(fresh(), { id: 'r1', date: '2026-05-01' });
    doc = updateIterationEntry(doc, 'r1', { observation: 'Reward hacking on tests', area: 'reward-design', decision: 'Add hidden tests', owner: 'Chen' });
    doc = setNextReview(doc, '2026-06-01');
    doc = updateDecision(doc, { candidateId: 'hybrid', rationale: 'Best overall fit', dissent: 'Finance prefers managed', reviewDate: '2026-09-01' });
    expect(doc.iteration.log).toEqual([
      { id: 'r1', date: '2026-05-01', observation: 'Reward hacking on tests', area: 'reward-design', decision: 'Add hidden tests', owner: 'Chen' },
    ]);
    expect(doc.iteration.nextReview).toBe('2026-06-01');
    expect(doc.decision).toMatchObject({ candidateId: 'hybrid', rationale: 'Best overall fit', dissent: 'Finance prefers managed', reviewDate: '2026-09-01' });
    expect(updateDecision(doc, { candidateId: 'ghost' })).toBe(doc);
    expect(updateDecision(doc, { candidateId: null }).decision.candidateId).toBeNull();
    expect(removeIterationEntry(doc, 'r1').iteration.log).toEqual([]);
    valid(doc);
  });
});
