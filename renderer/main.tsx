import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { takeTokenFromLocation } from './api/client';
import { initI18n, initialLang } from './i18n';
import { repo } from './app/services';
import { App } from './app/App';
import { useLibrary } from './store/instances';
import { storageMessage } from './db/errors';
import './ui/styles.css';

takeTokenFromLocation();
const i18n = initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);

// First run: the sample workshop, so the app is meaningful at once. Purge what was deleted over a week ago.
void repo
  .ensureFirstRun(initialLang())
  .then((added) => (added ? useLibrary.getState().refresh() : undefined))
  .then(() => repo.purgeDeleted(Date.now() - 7 * 86400_000))
  .catch((err: Error) => useLibrary.setState({ error: storageMessage(err) }));
