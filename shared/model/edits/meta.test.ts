import { describe, expect, it } from 'vitest';
import { createSampleWorkshop } from '../create';
import { WorkshopDocSchema } from '../schema';
import { setWorkshopMeta } from './meta';

describe('workshop details', () => {
  const doc = createSampleWorkshop('en', '2026-01-01T00:00:00.000Z', 'w1');

  it('sets team, facilitator, date and description in the document; the result stays valid', () => {
    let d = setWorkshopMeta(doc, 'team', 'Agent platform team');
    d = setWorkshopMeta(d, 'facilitator', '李雷');
    d = setWorkshopMeta(d, 'date', '2026-12-01');
    d = setWorkshopMeta(d, 'description', 'Choose the RL stack for the code agent.\nSecond line.');
    expect(d.meta).toMatchObject({
      team: 'Agent platform team',
      facilitator: '李雷',
      date: '2026-12-01',
      description: 'Choose the RL stack for the code agent.\nSecond line.',
    });
    expect(WorkshopDocSchema.safeParse(d).success).toBe(true);
    // The same value again changes nothing (no undo step).
    expect(setWorkshopMeta(d, 'team', 'Agent platform team')).toBe(d);
    // Clearing the date is allowed.
    expect(setWorkshopMeta(d, 'date', '').meta.date).toBe('');
  });

  it('refuses an empty title and a date that is not a day: the same document', () => {
    expect(setWorkshopMeta(doc, 'title', '   ')).toBe(doc);
    expect(setWorkshopMeta(doc, 'date', '2026-13-45')).toBe(doc);
    expect(setWorkshopMeta(doc, 'date', 'tomorrow')).toBe(doc);
    expect(setWorkshopMeta(doc, 'title', '  New title ').meta.title).toBe('New title');
  });
});
