// The web host's API side, loaded on first use: the contract's schemas and every handler
// are most of the host's code, and the library's first paint needs none of them.
export { contract, isMethodName } from '../../shared/contract';
export { createService } from '../service';
export { SessionManager, serveSessionEvents } from '../session';
export { LibraryCopy } from '../keep/library-copy';
