import { BRIDGE_KEY, type DesktopBridge } from '../../shared/contract/bridge';
import { isLang } from '../../shared/framework';
import { setLang } from '../i18n';
import { redo, undo } from '../store/workshop';
import { applyTheme, initialTheme } from '../ui/theme';
import { emitCommand, type AppCommand } from './commands';

/** In the desktop app: turns menu commands and OS-opened files into app commands. A no-op in a browser. */
export function connectDesktop(onThemeToggle: () => void = () => applyTheme(initialTheme() === 'dark' ? 'light' : 'dark')) {
  const bridge = (window as unknown as Record<string, DesktopBridge | undefined>)[BRIDGE_KEY];
  if (!bridge) return;
  bridge.onMenu((command) => {
    if (command.startsWith('lang:')) {
      const lang = command.slice(5);
      if (isLang(lang)) setLang(lang);
    } else if (command === 'theme') onThemeToggle();
    else if (command === 'undo') undo();
    else if (command === 'redo') redo();
    else if (['new', 'import', 'export', 'backup', 'presenter', 'about'].includes(command)) emitCommand({ type: command } as AppCommand);
  });
  bridge.onOpenFile((f) => {
    if (f.error || f.text === undefined) emitCommand({ type: 'open-file-error', name: f.name, error: f.error ?? 'unreadable' });
    else emitCommand({ type: 'open-file', file: new File([f.text], f.name, { type: 'application/json' }) });
  });
}
