import type { ValidationItem, WorkshopDoc } from '../schema';
import { patched, updateById } from './common';

export type ValidationPatch = Partial<Pick<ValidationItem, 'title' | 'owner' | 'status' | 'due' | 'result'>>;

export function updateValidationItem(doc: WorkshopDoc, id: string, patch: ValidationPatch): WorkshopDoc {
  const validation = updateById(doc.validation, id, (v) => patched(v, patch));
  return validation === doc.validation ? doc : { ...doc, validation };
}

/** Adds a team-defined validation item to a candidate's plan. */
export function addValidationItem(doc: WorkshopDoc, { id, candidateId, title }: { id: string; candidateId: string; title: string }): WorkshopDoc {
  if (doc.validation.some((v) => v.id === id) || !doc.candidates.some((c) => c.id === candidateId)) return doc;
  const item: ValidationItem = { id, candidateId, methodId: 'custom', title, owner: '', status: 'todo', due: '', result: '' };
  return { ...doc, validation: [...doc.validation, item] };
}

export function removeValidationItem(doc: WorkshopDoc, id: string): WorkshopDoc {
  return doc.validation.some((v) => v.id === id) ? { ...doc, validation: doc.validation.filter((v) => v.id !== id) } : doc;
}
