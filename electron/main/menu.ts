import type { MenuCommand } from '../../shared/contract/bridge';

/**
 * The application menu, with each platform's conventions (the app menu on macOS; File → Quit
 * elsewhere). Commands that act on the document go to the renderer as a `MenuCommand`.
 */
interface MenuOptions {
  platform: NodeJS.Platform;
  send(command: MenuCommand): void;
  openDataFolder(): void;
}

type Item = Record<string, unknown>;

export function buildMenuTemplate({ platform, send, openDataFolder }: MenuOptions): Item[] {
  const mac = platform === 'darwin';
  const cmd = (label: string, command: MenuCommand, accelerator?: string): Item => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => send(command),
  });
  const template: Item[] = [];
  if (mac) {
    template.push({
      label: 'Selection Workshop',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        cmd('New Workshop', 'new', 'CmdOrCtrl+N'),
        cmd('Import Workshop File…', 'import', 'CmdOrCtrl+O'),
        cmd('Export…', 'export', 'CmdOrCtrl+E'),
        cmd('Back Up Library…', 'backup'),
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      // Undo/redo act on the workshop document (the renderer's history), not on a text field;
      // the page handles the keys itself, so the accelerators are shown but not registered.
      submenu: [
        { ...cmd('Undo', 'undo', 'CmdOrCtrl+Z'), registerAccelerator: false },
        { ...cmd('Redo', 'redo', 'Shift+CmdOrCtrl+Z'), registerAccelerator: false },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        cmd('Presenter Mode', 'presenter', 'F5'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { label: 'Language', submenu: [cmd('中文', 'lang:zh-CN'), cmd('English', 'lang:en')] },
        cmd('Light / Dark', 'theme'),
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Help',
      submenu: [...(mac ? [] : [cmd('About Selection Workshop', 'about')]), { label: 'Open Data Folder', click: openDataFolder }],
    },
  );
  return template;
}
