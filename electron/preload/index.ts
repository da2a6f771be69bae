import { contextBridge, ipcRenderer } from 'electron';
import {
  BRIDGE_KEY,
  IPC_CALL,
  IPC_CANCEL,
  IPC_MENU,
  IPC_OPEN_EXTERNAL,
  IPC_OPEN_FILE,
  IPC_PROGRESS,
  IPC_SESSION_EVENT,
  IPC_SET_LANG,
  type DesktopBridge,
  type MenuCommand,
  type OpenedFile,
} from '../../shared/contract/bridge';

// The preload exposes exactly one object: the contract call, progress, cancel, menu commands
// and opened files. No Node, no ipcRenderer, no raw channels reach the page.
let nextJob = 1;
const listeners = new Map<number, (p: unknown) => void>();
ipcRenderer.on(IPC_PROGRESS, (_event, jobId: number, progress: unknown) => listeners.get(jobId)?.(progress));

const subscribe = <T>(channel: string, handler: (value: T) => void) => {
  const listener = (_e: unknown, value: T) => handler(value);
  ipcRenderer.on(channel, listener);
  return () => void ipcRenderer.off(channel, listener);
};

const bridge = {
  call(method, payload, onProgress) {
    const jobId = nextJob++;
    if (onProgress) listeners.set(jobId, onProgress as (p: unknown) => void);
    const promise = ipcRenderer.invoke(IPC_CALL, jobId, method, payload).finally(() => listeners.delete(jobId));
    return { jobId, promise };
  },
  cancel(jobId) {
    ipcRenderer.send(IPC_CANCEL, jobId);
  },
  onMenu: (handler) => subscribe<MenuCommand>(IPC_MENU, handler),
  onOpenFile: (handler) => subscribe<OpenedFile>(IPC_OPEN_FILE, handler),
  onSessionEvent: (handler) => subscribe<unknown>(IPC_SESSION_EVENT, handler),
  openExternal(url) {
    // Only from a click: the frame must hold a transient user activation (a script alone has none).
    const activation = (globalThis as { navigator?: { userActivation?: { isActive: boolean } } }).navigator?.userActivation;
    if (typeof url !== 'string' || !activation?.isActive) return false;
    ipcRenderer.send(IPC_OPEN_EXTERNAL, url);
    return true;
  },
  setLanguage(lang) {
    ipcRenderer.send(IPC_SET_LANG, lang);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
