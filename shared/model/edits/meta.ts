import type { WorkshopDoc } from '../schema';

/** The workshop's details that the team edits in the workshop's header. */
export type MetaField = 'title' | 'team' | 'facilitator' | 'date' | 'description';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Sets one of the workshop's details (stored in `meta`). Refused — the same document, so no
 * undo step — when the title would be empty or the date is not a `YYYY-MM-DD` day (or empty);
 * the field says why where it is typed.
 */
export function setWorkshopMeta(doc: WorkshopDoc, field: MetaField, value: string): WorkshopDoc {
  const text = field === 'title' ? value.trim() : value;
  if (field === 'title' && text === '') return doc;
  if (field === 'date' && text !== '' && (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)))) return doc;
  if (doc.meta[field] === text) return doc;
  return { ...doc, meta: { ...doc.meta, [field]: text } };
}
