import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/framework';
import { LibraryScreen } from '../features/library/LibraryScreen';
import { LibraryTransfer } from '../features/export/LibraryTransfer';
import { currentLang, setLang } from '../i18n';
import { redo, undo, useWorkshop } from '../store/workshop';
import { applyTheme, initialTheme, type Theme } from '../ui/theme';
import { navigate, useRoute } from '../nav/route';
import { connectDesktop } from './desktop';
import { onCommand } from '../nav/commands';

// The workshop (wizard, evaluation room, charts) loads on demand, so the library opens fast.
const WorkshopShell = lazy(() => import('./WorkshopShell').then((m) => ({ default: m.WorkshopShell })));

export function App() {
  const route = useRoute();
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  useEffect(() => {
    if (route.name === 'library') useWorkshop.getState().close();
  }, [route.name]);
  useEffect(() => {
    connectDesktop(() => setTheme((t) => (t === 'dark' ? 'light' : 'dark')));
    // Library commands from anywhere go to the library first.
    return onCommand((c) => {
      if (c.type === 'new' || c.type === 'import' || c.type === 'backup' || c.type === 'open-file') navigate({ name: 'library' });
    });
  }, []);
  useEffect(() => {
    // Undo/redo of document edits from anywhere in an open workshop.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || (e.key.toLowerCase() !== 'z' && e.key.toLowerCase() !== 'y')) return;
      if (!useWorkshop.getState().doc) return;
      e.preventDefault();
      if (e.key.toLowerCase() === 'y' || e.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const lang = currentLang();
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        {t('app.name')}
      </a>
      <header className="topbar">
        <a className="brand" href="#/">
          {t('app.name')}
        </a>
        <span className="muted small tagline">{t('app.tagline')}</span>
        <div className="topbar-actions">
          <label className="inline-label">
            <span className="sr-only">{t('lang.label')}</span>
            <select className="input" aria-label={t('lang.label')} value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
              <option value="zh-CN">中文</option>
              <option value="en">English</option>
            </select>
          </label>
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t('theme.toggle', { mode: t(theme === 'dark' ? 'theme.light' : 'theme.dark') })}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        </div>
      </header>
      <div id="main-content">
        {route.name === 'library' ? (
          <LibraryScreen transfer={<LibraryTransfer />} />
        ) : (
          <Suspense fallback={<div className="spinner" aria-hidden="true" />}>
            <WorkshopShell id={route.id} step={route.step} sim={route.sim} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
