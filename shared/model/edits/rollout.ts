import type { Lang } from '../../framework';
import type { ChecklistItem, WorkshopDoc } from '../schema';
import { patched, updateById, withLang } from './common';

export type ChecklistPatch = Partial<Pick<ChecklistItem, 'owner' | 'due' | 'status' | 'note'>>;

function updateItems(doc: WorkshopDoc, items: ChecklistItem[]): WorkshopDoc {
  return items === doc.rollout.items ? doc : { ...doc, rollout: { ...doc.rollout, items } };
}

export function updateChecklistItem(doc: WorkshopDoc, id: string, patch: ChecklistPatch): WorkshopDoc {
  return updateItems(
    doc,
    updateById(doc.rollout.items, id, (i) => patched(i, patch)),
  );
}

export function renameChecklistItem(doc: WorkshopDoc, id: string, lang: Lang, title: string): WorkshopDoc {
  return updateItems(
    doc,
    updateById(doc.rollout.items, id, (i) => patched(i, { title: withLang(i.title, lang, title) })),
  );
}

/** Adds a team-defined checklist item (no template). */
export function addChecklistItem(doc: WorkshopDoc, { id, lang, title }: { id: string; lang: Lang; title: string }): WorkshopDoc {
  if (doc.rollout.items.some((i) => i.id === id)) return doc;
  const item: ChecklistItem = { id, templateId: '', title: withLang({ 'zh-CN': '', en: '' }, lang, title), owner: '', due: '', status: 'todo', note: '' };
  return updateItems(doc, [...doc.rollout.items, item]);
}

export function removeChecklistItem(doc: WorkshopDoc, id: string): WorkshopDoc {
  return doc.rollout.items.some((i) => i.id === id)
    ? updateItems(
        doc,
        doc.rollout.items.filter((i) => i.id !== id),
      )
    : doc;
}

/** The canary's scope (traffic share, task subset) and its go/no-go criteria. */
export function setRolloutPlan(doc: WorkshopDoc, patch: { scope?: string; goNoGo?: string }): WorkshopDoc {
  const rollout = patched(doc.rollout, patch);
  return rollout === doc.rollout ? doc : { ...doc, rollout };
}
