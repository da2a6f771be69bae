export { SessionManager, type SessionManagerOptions } from './manager';
export { defaultDataDir } from './data-dir';
export { PARTICIPANT_CSP } from './listener';
export { serveSessionEvents } from './sse';
