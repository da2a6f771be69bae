import type { appMethods } from '../../shared/contract/app';
import { SCHEMA_VERSION } from '../../shared/model/schema';
import { FRAMEWORK_VERSION } from '../../shared/framework';
import { APP_NAME, APP_VERSION } from './version';
import type { HandlersFor } from './context';

export const appHandlers: HandlersFor<typeof appMethods> = {
  'app.info': async (_req, ctx) => ({
    name: APP_NAME,
    version: APP_VERSION,
    host: ctx.host,
    schemaVersion: SCHEMA_VERSION,
    frameworkVersion: FRAMEWORK_VERSION,
    platform: `${process.platform}-${process.arch} node ${process.versions.node}`,
    capabilities: { pdf: Boolean(ctx.pdf) || (await import('./pdf')).findChromium() !== null, workers: ctx.tasks.kind === 'workers' },
  }),
};
