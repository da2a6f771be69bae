import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { takeTokenFromLocation } from './api/token';
import { exportText as enExport } from '../shared/i18n/en/export';
import { exportText as zhExport } from '../shared/i18n/zh-CN/export';
import { initI18n, initialLang } from './i18n';
import { repo } from './nav/services';
import { App } from './app/App';
import { useLibrary } from './store/instances';
import { openLibrary } from './store/library';
import { storageMessage } from './db/errors';
import { forgetRooms } from './api/forget-rooms';
import './ui/styles.css';

takeTokenFromLocation();
// The features the library screen needs at start-up bring their strings here (one per feature).
const i18n = initI18n([{ en: enExport, 'zh-CN': zhExport }]);

/** The longest the first render waits for the library's first read; a slow IndexedDB shows the app loading instead. */
const FIRST_READ_WAIT_MS = 300;

// Start-up: on the first run add the sample workshop, so the app is meaningful at once; then read
// the library's first page. The first render waits for it (up to FIRST_READ_WAIT_MS): rendering an empty
// library first would keep the main thread busy while IndexedDB answers, then paint a second time.
// While the database's files cannot be opened yet, the library says so and the open is retried.
let retried = false;
const firstRead = openLibrary(repo, initialLang(), (err) => {
  retried = true;
  useLibrary.setState({ error: storageMessage(err) });
})
  .then(
    () => retried && useLibrary.setState({ error: null }),
    (err: Error) => useLibrary.setState({ error: storageMessage(err) }),
  )
  .then(() => useLibrary.getState().refresh()); // reports its own failure
const firstPage = new Promise<void>((resolve) => {
  const off = useLibrary.subscribe((s) => s.loaded && (off(), resolve()));
});
await Promise.race([firstRead, firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);

// Purge what was deleted over a week ago, once the library is on screen, and with each purged
// workshop its room-vote journals on the Node side (nothing participants sent outlives it).
void firstRead
  .then(() => repo.purgeDeleted(Date.now() - 7 * 86400_000))
  .then(
    (purged) => (purged.length > 0 ? forgetRooms(purged) : undefined),
    (err: Error) => useLibrary.setState({ error: storageMessage(err) }),
  );
