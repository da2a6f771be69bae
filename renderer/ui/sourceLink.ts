import type { DesktopBridge } from '../../shared/contract/bridge';

/**
 * What a click on a cited source does. In the desktop app the page never navigates or opens a
 * window itself (the shell denies both): the link goes to the system browser through the
 * bridge, which checks the click and the shell's allow-list. Returns true when the bridge took
 * the link, so the click's default is prevented. In a browser (no bridge) the link opens the
 * browser's own way, in a new tab without an opener.
 */
export function openCitedSource(url: string, bridge: Pick<DesktopBridge, 'openExternal'> | undefined): boolean {
  if (!bridge) return false;
  bridge.openExternal?.(url);
  return true;
}
