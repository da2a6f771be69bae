import { z } from 'zod';
import { defineMethod } from './define';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'web', 'cli', 'test']),
  schemaVersion: z.number().int(),
  frameworkVersion: z.string(),
  platform: z.string(),
  capabilities: z.object({ pdf: z.boolean(), workers: z.boolean() }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appMethods = {
  'app.info': defineMethod({
    name: 'app.info',
    summary: 'Name, version, host kind, document schema version and capabilities of this Node side.',
    request: z.strictObject({}),
    response: AppInfoSchema,
  }),
};
