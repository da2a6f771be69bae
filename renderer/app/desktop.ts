import { desktopBridge } from '../api/bridge';
import { followLang, setLang } from '../i18n';
import { redo, undo, useWorkshop } from '../store/workshop';
import { applyTheme, initialTheme } from '../ui/theme';
import { emitCommand } from '../nav/commands';
import { autosave } from '../nav/services';

/** The desktop close guard's "Save": save now, and close only if that worked (else the page shows why). */
async function saveThenClose() {
  await autosave.flush();
  if (useWorkshop.getState().saveState === 'saved') window.close();
}

/** In the desktop app: turns menu commands and OS-opened files into app commands. A no-op in a browser. */
export function connectDesktop(onThemeToggle: () => void = () => applyTheme(initialTheme() === 'dark' ? 'light' : 'dark')) {
  const bridge = desktopBridge();
  if (!bridge) return;
  // The shell's own dialogs (the close guard) speak the app's language, not the system's.
  followLang((lang) => bridge.setLanguage?.(lang));
  bridge.onMenu((command) => {
    switch (command) {
      case 'lang:zh-CN':
      case 'lang:en':
        return setLang(command === 'lang:en' ? 'en' : 'zh-CN');
      case 'theme':
        return onThemeToggle();
      case 'undo':
        return undo();
      case 'redo':
        return redo();
      case 'close:save':
        return void saveThenClose();
      case 'close:discard':
        autosave.discard();
        return window.close();
      default:
        emitCommand({ type: command });
    }
  });
  bridge.onOpenFile((f) => {
    if (f.error || f.text === undefined) emitCommand({ type: 'open-file-error', name: f.name, error: f.error ?? 'unreadable' });
    else emitCommand({ type: 'open-file', file: new File([f.text], f.name, { type: 'application/json' }) });
  });
}
