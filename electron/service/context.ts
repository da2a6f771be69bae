import type { MethodDef, MethodName, ParsedRequestOf, Progress, ResponseOf } from '../../shared/contract';
import type { TaskRunner } from './tasks/runner';
import type { SessionManager } from '../session/manager';
import type { LibraryCopy } from '../keep/library-copy';

export type HostKind = 'electron' | 'web' | 'cli' | 'test';

/** What a handler gets besides its request: who is calling, progress and cancellation, heavy-task runner. */
export interface ServiceContext {
  readonly host: HostKind;
  readonly signal: AbortSignal;
  progress(p: Progress): void;
  /** Runs pure CPU-heavy tasks on worker threads (or inline where workers are unavailable). */
  readonly tasks: TaskRunner;
  /** Optional capabilities a host may provide (e.g. Electron's printToPDF). */
  readonly pdf?: (html: string) => Promise<Uint8Array>;
  /** Live sessions (room votes): hosts with a data folder provide it. */
  readonly session?: SessionManager;
  /** The library's safety copy (shared/contract/library.ts): hosts with a data folder provide it. */
  readonly copies?: LibraryCopy;
}

export type Handler<M extends MethodName> = (request: ParsedRequestOf<M>, ctx: ServiceContext) => Promise<ResponseOf<M>> | ResponseOf<M>;

/** Handlers for one domain's slice of the contract (e.g. `typeof engineMethods`). */
export type HandlersFor<T extends Record<string, MethodDef>> = {
  [M in keyof T & MethodName]: Handler<M>;
};
