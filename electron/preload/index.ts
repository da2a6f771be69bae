import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, IPC_CALL, IPC_CANCEL, IPC_PROGRESS, type DesktopBridge } from '../../shared/contract/bridge';

// The preload exposes exactly one object: the contract call, progress and cancel. No Node, no ipcRenderer.
let nextJob = 1;
const listeners = new Map<number, (p: unknown) => void>();
ipcRenderer.on(IPC_PROGRESS, (_event, jobId: number, progress: unknown) => listeners.get(jobId)?.(progress));

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
  onMenu(handler) {
    const listener = (_e: unknown, command: string) => handler(command);
    ipcRenderer.on('sw:menu', listener);
    return () => ipcRenderer.off('sw:menu', listener);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
