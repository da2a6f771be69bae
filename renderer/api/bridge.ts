import { BRIDGE_KEY, type DesktopBridge } from '../../shared/contract/bridge';

/** The Electron preload's bridge in the desktop app; `undefined` in a browser (the web host). */
export function desktopBridge(): DesktopBridge | undefined {
  return (window as unknown as Record<string, DesktopBridge | undefined>)[BRIDGE_KEY];
}
