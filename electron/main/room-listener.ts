import { serveListenerChild, type ParentEnd } from '../session/listener-channel';

// The desktop app's room listener: an Electron utility process (forked by main/index.ts) that
// serves the participant page and contract on the room's network and reaches the rounds only
// through its parent port. No `electron` import: the main process's powers stay in main.
serveListenerChild((process as NodeJS.Process & { parentPort: ParentEnd }).parentPort);
