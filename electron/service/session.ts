import { ContractError } from '../../shared/contract/errors';
import type { sessionMethods } from '../../shared/contract/session';
import type { SessionManager } from '../session/manager';
import type { HandlersFor, ServiceContext } from './context';

const manager = (ctx: ServiceContext): SessionManager => {
  if (!ctx.session) throw new ContractError('unavailable', 'Room votes need the desktop app or the web host (this host has no session service).');
  return ctx.session;
};

export const sessionHandlers: HandlersFor<typeof sessionMethods> = {
  'session.interfaces': (_req, ctx) => manager(ctx).interfaces(),
  'session.open': ({ spec, address, port }, ctx) => manager(ctx).open(spec, address, port),
  'session.status': ({ workshopId }, ctx) => manager(ctx).status(workshopId),
  'session.close': ({ workshopId }, ctx) => manager(ctx).close(workshopId),
  'session.reopen': ({ workshopId, address }, ctx) => manager(ctx).reopen(workshopId, address),
  'session.reveal': ({ workshopId }, ctx) => manager(ctx).reveal(workshopId),
  'session.pace': ({ workshopId, index, revealed }, ctx) => manager(ctx).pace(workshopId, index, revealed),
  'session.free': ({ workshopId, participantId, setAside }, ctx) => manager(ctx).free(workshopId, participantId, setAside),
  'session.forget': ({ workshopId }, ctx) => manager(ctx).forget(workshopId),
  'session.ballots': ({ workshopId }, ctx) => manager(ctx).ballots(workshopId),
};
