import { ContractError } from '../../shared/contract/errors';
import type { libraryMethods } from '../../shared/contract/library';
import type { LibraryCopy } from '../keep/library-copy';
import type { HandlersFor, ServiceContext } from './context';

const copies = (ctx: ServiceContext): LibraryCopy => {
  if (!ctx.copies) throw new ContractError('unavailable', 'The library’s safety copy needs the desktop app or the web host (this host keeps no files).');
  return ctx.copies;
};

export const libraryHandlers: HandlersFor<typeof libraryMethods> = {
  'library.keep': (req, ctx) => copies(ctx).keep(req),
  'library.kept': (_req, ctx) => copies(ctx).list(),
  'library.copyOf': ({ workshopId }, ctx) => copies(ctx).copyOf(workshopId),
  'library.drop': async ({ workshopIds }, ctx) => ({ removed: await copies(ctx).drop(workshopIds) }),
};
