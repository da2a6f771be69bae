import { z } from 'zod';
import { defineMethod } from './define';
import { LangSchema, WorkshopDocSchema } from '../model/schema';

export const workshopMethods = {
  'workshop.create': defineMethod({
    name: 'workshop.create',
    summary: 'A new workshop document from the built-in framework template. { title, lang: "zh-CN"|"en" } → document.',
    request: z.strictObject({ title: z.string().trim().min(1, 'must not be empty').max(1000), lang: LangSchema }),
    response: WorkshopDocSchema,
  }),
  'workshop.sample': defineMethod({
    name: 'workshop.sample',
    summary: 'The sample workshop (needs answered, participants, scores). { lang } → document.',
    request: z.strictObject({ lang: LangSchema }),
    response: WorkshopDocSchema,
  }),
  'workshop.validate': defineMethod({
    name: 'workshop.validate',
    summary: 'Any JSON → the migrated, valid workshop document, or an invalid_document error listing each problem.',
    request: z.unknown(),
    response: WorkshopDocSchema,
  }),
};
