import { describe, expect, it } from 'vitest';
import { LANGS } from '../framework';
import { WorkshopDocSchema } from './schema';
import { createSampleWorkshop, templateDoc } from './template';

// The template and the sample are built without zod (the app's first run creates the sample
// before the schema has loaded), so they must already be what the schema makes of them:
// complete, every default given, every cross-reference valid. A field added to the schema
// with a default and not to the template fails here.
describe('template documents are complete and valid without parsing', () => {
  for (const lang of LANGS) {
    it(`template (${lang}) parses to itself`, () => {
      const doc = templateDoc({ title: 'T', lang, id: 'w1', now: '2026-01-01T00:00:00.000Z' });
      expect(WorkshopDocSchema.parse(structuredClone(doc))).toEqual(doc);
    });
    it(`template (${lang}) gives exactly the schema's defaults`, () => {
      const doc = templateDoc({ title: 'T', lang, id: 'w1', now: '2026-01-01T00:00:00.000Z' });
      // Only what the schema cannot default; the schema fills in the rest.
      const minimal = {
        schemaVersion: doc.schemaVersion,
        id: doc.id,
        createdAt: doc.createdAt,
        updatedAt: doc.updatedAt,
        frameworkVersion: doc.frameworkVersion,
        meta: { title: doc.meta.title, lang: doc.meta.lang, date: doc.meta.date },
        criteria: doc.criteria,
        candidates: doc.candidates,
        // The currency follows the workshop's language, which the schema's default cannot know.
        currency: doc.currency,
        adaptation: { rules: doc.adaptation.rules, baseWeights: doc.adaptation.baseWeights },
        validation: doc.validation.map(({ id, candidateId, methodId }) => ({ id, candidateId, methodId })),
        rollout: { items: doc.rollout.items.map(({ id, templateId, title }) => ({ id, templateId, title })) },
      };
      expect(WorkshopDocSchema.parse(structuredClone(minimal))).toEqual(doc);
    });
    it(`sample (${lang}) parses to itself`, () => {
      const doc = createSampleWorkshop(lang, '2026-01-01T00:00:00.000Z', 's1');
      expect(WorkshopDocSchema.parse(structuredClone(doc))).toEqual(doc);
      expect(doc.scores.length).toBe(doc.participants.length * doc.candidates.length * doc.criteria.length);
    });
  }
});
